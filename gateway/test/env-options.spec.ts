import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { gatewayOptionsFromEnv } from '../src/env-options.util.ts';

const env = {
  PORT: '8081',
  HOST: '0.0.0.0',
  GATEWAY_RUNTIME_DIR: '/run/gateway',
  SVC_AUTH_UPSTREAMS: 'svc-auth:3000',
  SVC_VOLUNTEER_UPSTREAMS: 'svc-volunteer-1:3000, svc-volunteer-2:3000',
  SVC_CONTENT_UPSTREAMS: 'svc-content:3000',
  SVC_HOURS_UPSTREAMS: 'svc-hours:3000',
  SHELL_UPSTREAM: 'shell:80',
  MF_VOLUNTEER_UPSTREAM: 'mf-volunteer:80',
  MF_DIRECTORY_UPSTREAM: 'mf-directory:80',
  MF_BLOG_ROOT: '/srv/mf-blog',
  MF_HOURS_UPSTREAM: 'mf-hours:80',
  MF_BLOG_ENTRY: '/mf/blog/v2/mf-manifest.json',
  ACCESS_LOG: '/dev/stdout',
  ERROR_LOG: 'stderr',
  TRUSTED_PROXIES: '10.0.0.0/8,172.16.0.0/12',
};

describe(gatewayOptionsFromEnv.name, () => {
  it('reads every option from the environment', () => {
    const options = gatewayOptionsFromEnv(env);

    expect(options).toMatchObject({
      port: 8081,
      host: '0.0.0.0',
      runtimeDir: '/run/gateway',
      upstreams: { svc_volunteer: ['svc-volunteer-1:3000', 'svc-volunteer-2:3000'] },
      shell: { upstream: 'shell:80' },
      remotes: { blog: { root: '/srv/mf-blog' }, hours: { upstream: 'mf-hours:80' } },
      accessLog: '/dev/stdout',
      errorLog: 'stderr',
      trustedProxies: ['10.0.0.0/8', '172.16.0.0/12'],
    });
    expect(options.remotesConfig).toContainEqual({
      name: 'mf_blog',
      entry: '/mf/blog/v2/mf-manifest.json',
    });
    expect(options.remotesConfig).toContainEqual({
      name: 'mf_hours',
      entry: '/mf/hours/mf-manifest.json',
    });
  });

  it('names each missing or conflicting variable on its own line', () => {
    const { SVC_HOURS_UPSTREAMS: _hours, SHELL_UPSTREAM: _shell, ...rest } = env;
    const broken = { ...rest, PORT: 'eighty', MF_BLOG_UPSTREAM: 'mf-blog:80' };

    expect(() => gatewayOptionsFromEnv(broken)).toThrow(
      /PORT must be a port number[\s\S]*- SVC_HOURS_UPSTREAMS is required[\s\S]*- SHELL_ROOT \(a directory\) or SHELL_UPSTREAM[\s\S]*- MF_BLOG_ROOT and MF_BLOG_UPSTREAM are both set/,
    );
  });
});

describe('render-cli', () => {
  const cli = fileURLToPath(new URL('../src/render-cli.ts', import.meta.url));
  const run = (vars: Record<string, string>) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        [cli],
        { env: { PATH: process.env.PATH, ...vars } },
        (error, stdout, stderr) =>
          resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
      );
    });

  it('writes nginx.conf and remotes.json into the runtime dir and prints the config path', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'gateway-cli-'));
    try {
      const result = await run({ ...env, GATEWAY_RUNTIME_DIR: dir });

      expect(result).toMatchObject({ code: 0, stdout: `${dir}/nginx.conf\n`, stderr: '' });
      expect(await readFile(path.join(dir, 'nginx.conf'), 'utf8')).toContain(
        'listen 0.0.0.0:8081 default_server;',
      );
      expect(
        JSON.parse(await readFile(path.join(dir, 'remotes.json'), 'utf8')).remotes,
      ).toHaveLength(4);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('exits 2 with one line per problem and no stack trace', async () => {
    const result = await run({ PORT: '8080' });

    expect(result.code).toBe(2);
    expect(result.stderr).toContain('- SVC_AUTH_UPSTREAMS is required');
    expect(result.stderr).toContain(
      '- MF_HOURS_ROOT (a directory) or MF_HOURS_UPSTREAM (host:port) is required for the hours remote',
    );
    expect(result.stderr).not.toMatch(/\bat .+\.ts:\d+/);
  });
});
