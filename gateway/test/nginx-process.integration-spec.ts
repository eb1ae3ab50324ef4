import { readFileSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from '@jest/globals';
import type { GatewayOptions } from '../src/gateway-options.type.ts';
import { findFreePort, startNginx, type NginxHandle } from '../src/nginx-process.ts';
import { renderGatewayConfig } from '../src/render.ts';
import { request } from './support/http-client.ts';
import { createStaticFixtures, INDEX_HTML } from './support/static-fixtures.ts';

const isRoot = process.getuid?.() === 0;
const NOBODY = 65534;

async function options(dir: string): Promise<GatewayOptions> {
  const { shellRoot, remoteRoot } = await createStaticFixtures(path.join(dir, 'static'));
  const down = `127.0.0.1:${await findFreePort()}`;
  return {
    port: await findFreePort(),
    runtimeDir: path.join(dir, 'run'),
    upstreams: { svc_auth: [down], svc_volunteer: [down], svc_content: [down], svc_hours: [down] },
    shell: { root: shellRoot },
    remotes: { volunteer: { root: remoteRoot } },
  };
}

function processUid(pid: number): Promise<number> {
  return readFile(`/proc/${pid}/status`, 'utf8').then((status) =>
    Number(/^Uid:\s+(\d+)/m.exec(status)?.[1]),
  );
}

// Children of the master from /proc (a fresh Debian has no `ps`: procps is not installed).
function workerPids(master: number): number[] {
  let out: string;
  try {
    out = readFileSync(`/proc/${master}/task/${master}/children`, 'utf8').trim();
  } catch {
    return [];
  }
  return out ? out.split(/\s+/).map(Number) : [];
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function portAcceptsConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

describe('startNginx', () => {
  let dir: string;
  let nginx: NginxHandle | undefined;

  afterEach(async () => {
    await nginx?.stop();
    nginx = undefined;
    await rm(dir, { recursive: true, force: true });
  });

  it('starts in the foreground, serves the config, and stops leaving no process or open port', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'gateway-process-'));
    const opts = await options(dir);
    nginx = await startNginx({
      conf: renderGatewayConfig(opts).nginxConf,
      runtimeDir: opts.runtimeDir,
    });

    expect(nginx.url).toBe(`http://127.0.0.1:${opts.port}`);
    expect((await request(`${nginx.url}/`)).text).toBe(INDEX_HTML);
    const pid = nginx.pid;
    const workers = workerPids(pid);
    expect(workers.length).toBeGreaterThan(0);
    // pid file and logs live in the runtime dir.
    expect(Number(await readFile(path.join(opts.runtimeDir, 'nginx.pid'), 'utf8'))).toBe(pid);
    await expect(
      readFile(path.join(opts.runtimeDir, 'logs', 'error.log'), 'utf8'),
    ).resolves.toEqual(expect.any(String));

    await nginx.stop();
    nginx = undefined;

    expect(alive(pid)).toBe(false);
    for (const worker of workers) expect(alive(worker)).toBe(false);
    expect(await portAcceptsConnections(opts.port)).toBe(false);
  });

  it('writes one JSON access log line per request, with upstream timings', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'gateway-process-'));
    const opts = await options(dir);
    nginx = await startNginx({
      conf: renderGatewayConfig(opts).nginxConf,
      runtimeDir: opts.runtimeDir,
    });
    await request(`${nginx.url}/api/user`, { headers: { cookie: 'sid=secret-session' } });
    await nginx.stop(); // flushes the log buffer
    nginx = undefined;

    const lines = (await readFile(path.join(opts.runtimeDir, 'logs', 'access.log'), 'utf8'))
      .trim()
      .split('\n');
    const entry = JSON.parse(lines.at(-1) as string) as Record<string, unknown>;
    expect(entry).toMatchObject({ method: 'GET', uri: '/api/user', status: 502 });
    expect(entry).toHaveProperty('upstream_response_time');
    expect(entry).toHaveProperty('upstream_connect_time');
    expect(lines.at(-1)).not.toContain('secret-session');
  });

  (isRoot ? it : it.skip)(
    'keeps the workers as root when the master runs as root and the config names no user',
    async () => {
      dir = await mkdtemp(path.join(os.tmpdir(), 'gateway-process-'));
      const opts = await options(dir);
      nginx = await startNginx({
        conf: renderGatewayConfig(opts).nginxConf,
        runtimeDir: opts.runtimeDir,
      });

      expect(await readFile(nginx.confPath, 'utf8')).toMatch(/^user root;$/m);
      for (const worker of workerPids(nginx.pid)) expect(await processUid(worker)).toBe(0);
      expect((await request(`${nginx.url}/main.1a2b3c4d.js`)).status).toBe(200);
    },
  );

  (isRoot ? it : it.skip)(
    'runs entirely as an unprivileged user: pid, temp files and logs in the runtime dir',
    async () => {
      dir = await mkdtemp(path.join(os.tmpdir(), 'gateway-process-'));
      await chmod(dir, 0o755);
      const opts = await options(dir);
      nginx = await startNginx({
        conf: renderGatewayConfig(opts).nginxConf,
        runtimeDir: opts.runtimeDir,
        uid: NOBODY,
        gid: NOBODY,
      });

      expect(await processUid(nginx.pid)).toBe(NOBODY);
      for (const worker of workerPids(nginx.pid)) expect(await processUid(worker)).toBe(NOBODY);
      expect(await readFile(nginx.confPath, 'utf8')).not.toMatch(/^user /m);
      expect((await request(`${nginx.url}/volunteer`)).text).toBe(INDEX_HTML);
      // A request body large enough to be buffered to a temp file under the runtime dir.
      const res = await request(`${nginx.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: 'x'.repeat(500_000),
      });
      expect(res.status).toBe(502);
    },
  );

  it('reloads a changed config without a restart', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'gateway-process-'));
    const opts = await options(dir);
    nginx = await startNginx({
      conf: renderGatewayConfig(opts).nginxConf,
      runtimeDir: opts.runtimeDir,
    });
    const pid = nginx.pid;

    const moved = {
      ...opts,
      remotesConfig: [{ name: 'mf_volunteer', entry: '/mf/volunteer/v2/mf-manifest.json' }],
    };
    await nginx.reload(renderGatewayConfig(moved).nginxConf);

    const res = await request(`${nginx.url}/config/remotes.json`);
    expect(res.json()).toEqual({ remotes: moved.remotesConfig });
    expect(nginx.pid).toBe(pid);
    expect(alive(pid)).toBe(true);
  });

  it('refuses a broken config with nginx’s own explanation and leaves nothing running', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'gateway-process-'));
    const opts = await options(dir);
    const broken = renderGatewayConfig(opts).nginxConf.replace(
      'proxy_pass_request_body off;',
      'proxy_pass_request_body maybe;',
    );

    await expect(startNginx({ conf: broken, runtimeDir: opts.runtimeDir })).rejects.toThrow(
      /nginx config test failed:[\s\S]*proxy_pass_request_body/,
    );
    expect(await portAcceptsConnections(opts.port)).toBe(false);
  });

  it('refuses a config that would fork into the background', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'gateway-process-'));
    const opts = await options(dir);

    await expect(
      startNginx({
        conf: renderGatewayConfig({ ...opts, daemon: true }).nginxConf,
        runtimeDir: opts.runtimeDir,
      }),
    ).rejects.toThrow(/daemon off/);
  });

  it('reports a port that is already taken instead of waiting forever', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'gateway-process-'));
    const opts = await options(dir);
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(opts.port, '127.0.0.1', resolve));
    try {
      await expect(
        startNginx({
          conf: renderGatewayConfig(opts).nginxConf,
          runtimeDir: opts.runtimeDir,
          startTimeoutMs: 5_000,
        }),
      ).rejects.toThrow(/nginx did not start[\s\S]*Address already in use/);
    } finally {
      blocker.close();
    }
  });
});
