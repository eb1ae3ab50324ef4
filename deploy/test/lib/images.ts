// Our images: what each piece is built from, building one alone, and the checks every image must
// pass (non-root, a health check, no source maps or dev tools shipped).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { run } from './exec.ts';
import type { DockerTools } from './docker-engine.ts';
import type { BaseImages } from './base-images.ts';

export interface Piece {
  name: string;
  dockerfile: string;
  args: Record<string, string>;
  // A stage of a multi-image Dockerfile (the monitoring profile's).
  target?: string;
}

export const SERVICES = ['svc-auth', 'svc-volunteer', 'svc-content', 'svc-hours'];
export const FRONT_ENDS = ['shell', 'mf-volunteer', 'mf-directory', 'mf-blog', 'mf-hours'];

export const PIECES: Piece[] = [
  ...SERVICES.map((name) => ({
    name,
    dockerfile: 'deploy/docker/service.Dockerfile',
    args: { SERVICE: name },
  })),
  ...FRONT_ENDS.map((name) => ({
    name,
    dockerfile: 'deploy/docker/web.Dockerfile',
    args: { APP: name },
  })),
  { name: 'gateway', dockerfile: 'deploy/docker/gateway.Dockerfile', args: {} },
  { name: 'mail-sink', dockerfile: 'deploy/docker/mail-sink.Dockerfile', args: {} },
  // The monitoring profile's (issue 21), from Debian packages. Grafana is not among them: Debian
  // does not package it and this machine reaches no other repository (docs/decisions.md).
  ...['prometheus', 'nginx-exporter'].map((name) => ({
    name,
    dockerfile: 'deploy/docker/monitoring.Dockerfile',
    args: {},
    target: name,
  })),
];

export const imageName = (prefix: string, piece: string, tag: string) =>
  `${prefix}/${piece}:${tag}`;

// npm inside the build gets this machine's registry settings and CA bundle as BuildKit secrets,
// so nothing of them lands in a layer. Only registry-related npmrc lines are passed on.
export function npmSecrets(runDir: string): string[] {
  const args: string[] = [];
  const ca =
    process.env.NODE_EXTRA_CA_CERTS ||
    process.env.npm_config_cafile ||
    '/etc/ssl/certs/ca-certificates.crt';
  if (existsSync(ca)) args.push('--secret', `id=npm_ca,src=${ca}`);
  const registryLine =
    /^\s*(@[^:]+:)?registry\s*=|^\s*\/\/[^=]+:_|^\s*(https?-)?proxy\s*=|^\s*strict-ssl\s*=|^\s*noproxy\s*=/;
  const lines: string[] = [];
  for (const file of [path.join(os.homedir(), '.npmrc'), process.env.NPM_CONFIG_USERCONFIG]) {
    if (file && existsSync(file))
      lines.push(
        ...readFileSync(file, 'utf8')
          .split('\n')
          .filter((line) => registryLine.test(line)),
      );
  }
  if (process.env.npm_config_registry) lines.push(`registry=${process.env.npm_config_registry}`);
  const npmrc = path.join(runDir, 'build.npmrc');
  writeFileSync(npmrc, `${lines.join('\n')}\n`, { mode: 0o600 });
  args.push('--secret', `id=npmrc,src=${npmrc}`);
  return args;
}

export async function buildPiece(
  tools: DockerTools,
  options: {
    piece: Piece;
    context: string;
    tag: string;
    base: BaseImages;
    secrets: string[];
    extraArgs?: string[];
    echo?: boolean;
  },
): Promise<void> {
  const { piece, base } = options;
  const args: Record<string, string> = {
    NODE_IMAGE: base.NODE_IMAGE,
    ...(piece.dockerfile.includes('web.') ? { NGINX_IMAGE: base.NGINX_IMAGE } : {}),
    ...(piece.dockerfile.includes('monitoring.') ? { DEBIAN_IMAGE: base.DEBIAN_IMAGE } : {}),
    ...piece.args,
  };
  await run(
    tools.docker,
    [
      'build',
      '--progress=plain',
      '-f',
      path.join(options.context, piece.dockerfile),
      ...Object.entries(args).flatMap(([key, value]) => ['--build-arg', `${key}=${value}`]),
      ...(piece.target ? ['--target', piece.target] : []),
      ...options.secrets,
      ...(options.extraArgs ?? []),
      '-t',
      options.tag,
      options.context,
    ],
    { env: tools.env, echo: options.echo ? `  [${piece.name}] ` : undefined },
  );
}

export async function imageSizeMb(tools: DockerTools, image: string): Promise<number> {
  const result = await run(tools.docker, ['image', 'inspect', '--format', '{{.Size}}', image], {
    env: tools.env,
  });
  return Number(result.stdout.trim()) / 1e6;
}

export interface ImageCheck {
  image: string;
  problems: string[];
}

// What an operator must be able to rely on in every image.
export async function checkImage(
  tools: DockerTools,
  image: string,
  piece: Piece,
): Promise<ImageCheck> {
  const problems: string[] = [];
  // The whole config as JSON: a health check command may itself contain '|' (`curl ... || exit 1`).
  const inspect = await run(
    tools.docker,
    ['image', 'inspect', '--format', '{{json .Config}}', image],
    {
      env: tools.env,
    },
  );
  const config = JSON.parse(inspect.stdout.trim()) as {
    User?: string;
    Healthcheck?: unknown;
    Entrypoint?: string[] | null;
  };
  const user = config.User ?? '';
  const entrypoint = JSON.stringify(config.Entrypoint ?? null);
  if (!user || user === 'root' || user === '0') problems.push(`runs as root (USER "${user}")`);
  if (!config.Healthcheck) problems.push('no HEALTHCHECK');
  const isNginx = piece.dockerfile.includes('web.');
  if (!isNginx && !entrypoint.includes('tini')) problems.push(`no init as PID 1 (${entrypoint})`);
  // Shipped by accident: source maps of our code, TypeScript sources, dev-only tools. (@swc/core
  // and @swc/jest are the compiler; @swc/helpers is a runtime library fontkit 2 needs.)
  const script = [
    'found=""',
    'for f in $(find / -xdev \\( -path /proc -o -path /sys -o -path /usr/local/lib/node_modules \\) -prune -o \\( -name "*.map" -o -name "*.ts" \\) -type f -print 2>/dev/null | grep -v "/node_modules/" | grep -v "^/app/deploy/\\|^/app/gateway/src/\\|^/app/scripts/" | head -5); do found="$found $f"; done',
    'for d in typescript jest webpack @swc/core @swc/jest eslint @playwright playwright-core jsdom; do [ -e /app/node_modules/$d ] && found="$found /app/node_modules/$d"; done',
    'echo "$found"',
  ].join('\n');
  const scan = await run(tools.docker, ['run', '--rm', '--entrypoint', 'sh', image, '-c', script], {
    env: tools.env,
    allowFailure: true,
  });
  // Configuration is environment only and checked at start: with none, one line per variable.
  const expected = piece.dockerfile.includes('service.')
    ? 'DATABASE_URL is required'
    : piece.name === 'gateway'
      ? 'SVC_AUTH_UPSTREAMS is required'
      : undefined;
  if (expected) {
    const bare = await run(tools.docker, ['run', '--rm', image], {
      env: tools.env,
      allowFailure: true,
      timeoutMs: 60_000,
    });
    const output = `${bare.stdout}${bare.stderr}`;
    if (bare.code === 0 || !output.includes(expected) || /\n\s+at /.test(output))
      problems.push(
        `without configuration it should exit naming the missing variables, got exit ${bare.code}: ${output.trim().split('\n').slice(0, 3).join(' | ')}`,
      );
  }
  const found = scan.stdout.trim();
  if (scan.code !== 0) problems.push(`could not scan the image: ${scan.stderr.trim()}`);
  else if (found) problems.push(`ships files it should not: ${found}`);
  return { image, problems };
}
