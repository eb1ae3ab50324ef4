// Base images for the compose test. Operators get the public images (the compose file's
// defaults); a machine without a registry builds stand-ins from Debian packages instead:
// debootstrap'ed bookworm -> `docker import`, then Node 24 (the binary of the `node` npm package
// and this machine's npm), PostgreSQL, Redis and nginx from Debian. Each is built once and kept:
// a tag whose input hash label matches is reused.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { run } from './exec.ts';
import type { DockerTools } from './docker-engine.ts';

export interface BaseImages {
  NODE_IMAGE: string;
  NGINX_IMAGE: string;
  POSTGRES_IMAGE: string;
  REDIS_IMAGE: string;
  // The monitoring profile's images (Debian's prometheus packages) start from plain Debian.
  DEBIAN_IMAGE: string;
}

export const PUBLIC_BASE_IMAGES: BaseImages = {
  NODE_IMAGE: 'node:24-bookworm-slim',
  NGINX_IMAGE: 'nginx:1.27-alpine',
  POSTGRES_IMAGE: 'postgres:17-bookworm',
  REDIS_IMAGE: 'redis:7.4-bookworm',
  DEBIAN_IMAGE: 'debian:bookworm-slim',
};

const LOCAL = {
  debian: 'district-local/debian:bookworm',
  NODE_IMAGE: 'district-local/node:24-bookworm-slim',
  NGINX_IMAGE: 'district-local/nginx:1.22-bookworm',
  POSTGRES_IMAGE: 'district-local/postgres:15-bookworm',
  REDIS_IMAGE: 'district-local/redis:7-bookworm',
};

const HASH_LABEL = 'org.district.inputs';

export async function imageExists(tools: DockerTools, image: string): Promise<boolean> {
  const result = await run(tools.docker, ['image', 'inspect', image], {
    env: tools.env,
    allowFailure: true,
  });
  return result.code === 0;
}

async function labelOf(tools: DockerTools, image: string): Promise<string | undefined> {
  const result = await run(
    tools.docker,
    ['image', 'inspect', '--format', `{{index .Config.Labels "${HASH_LABEL}"}}`, image],
    { env: tools.env, allowFailure: true },
  );
  return result.code === 0 ? result.stdout.trim() : undefined;
}

function hashOf(...parts: Array<string | Buffer>): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest('hex').slice(0, 16);
}

async function pullable(tools: DockerTools, image: string): Promise<boolean> {
  if (await imageExists(tools, image)) return true;
  const result = await run(tools.docker, ['pull', '-q', image], {
    env: tools.env,
    allowFailure: true,
    timeoutMs: 120_000,
  });
  return result.code === 0;
}

/**
 * The base images to use: BASE_IMAGES=public|local|auto (default auto: the public images when
 * present or pullable, else local stand-ins). Explicit NODE_IMAGE etc. in the environment win.
 */
export async function baseImages(
  tools: DockerTools,
  repoRoot: string,
  log: (line: string) => void,
): Promise<{ images: BaseImages; source: string }> {
  const mode = process.env.BASE_IMAGES ?? 'auto';
  const fromEnv = (key: keyof BaseImages) => process.env[key];
  if (mode !== 'local') {
    // One probe decides: no registry for the first image means none for the others.
    const probe = fromEnv('NODE_IMAGE') ?? PUBLIC_BASE_IMAGES.NODE_IMAGE;
    if (await pullable(tools, probe)) {
      const images = { ...PUBLIC_BASE_IMAGES };
      for (const key of Object.keys(images) as Array<keyof BaseImages>) {
        images[key] = fromEnv(key) ?? images[key];
        if (!(await pullable(tools, images[key])))
          throw new Error(`base image ${images[key]} cannot be pulled`);
      }
      return { images, source: 'public (registry)' };
    }
    if (mode === 'public') throw new Error(`${probe} cannot be pulled and BASE_IMAGES=public`);
    log(`${probe} cannot be pulled here: building local base images from Debian packages`);
  }
  return { images: await buildLocalBases(tools, repoRoot, log), source: 'local (Debian packages)' };
}

async function buildLocalBases(
  tools: DockerTools,
  repoRoot: string,
  log: (line: string) => void,
): Promise<BaseImages> {
  const dir = path.join(repoRoot, 'deploy/base-images');
  const read = (name: string) => readFileSync(path.join(dir, name));

  // Debian itself: debootstrap once; the tag is the cache.
  const rootfsHash = hashOf(read('debian-rootfs.sh'));
  if ((await labelOf(tools, LOCAL.debian)) !== rootfsHash) {
    for (const tool of ['debootstrap']) {
      const found = await run('sh', ['-c', `command -v ${tool}`], { allowFailure: true });
      if (found.code !== 0) {
        log('installing debootstrap');
        await run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', tool], {
          env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
        });
      }
    }
    const work = mkdtempSync(
      path.join(process.env.BASE_ROOTFS_DIR ?? '/var/tmp', 'district-rootfs-'),
    );
    const rootfs = path.join(work, 'bookworm');
    try {
      log('debootstrap --variant=minbase bookworm (about a minute)');
      await run('debootstrap', [
        '--variant=minbase',
        'bookworm',
        rootfs,
        process.env.DEBIAN_MIRROR ?? 'http://deb.debian.org/debian',
      ]);
      await run('sh', [path.join(dir, 'debian-rootfs.sh'), rootfs]);
      await run(
        'sh',
        [
          '-c',
          `tar -C "${rootfs}" -c . | "${tools.docker}" import --change 'LABEL ${HASH_LABEL}=${rootfsHash}' --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' --change 'CMD ["bash"]' - ${LOCAL.debian}`,
        ],
        { env: tools.env },
      );
      log(`imported ${LOCAL.debian}`);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  } else log(`${LOCAL.debian} is cached`);

  // Node 24: the binary the root `node` devDependency installed, and this machine's npm.
  const nodeBinary = path.join(repoRoot, 'node_modules/node/bin/node');
  const npmDir = process.env.NPM_DIR ?? (await npmPackageDir());
  if (!existsSync(nodeBinary)) throw new Error(`${nodeBinary} is missing: run npm ci first`);
  const nodeVersion = (await run(nodeBinary, ['--version'])).stdout.trim();
  const npmVersion = JSON.parse(readFileSync(path.join(npmDir, 'package.json'), 'utf8'))
    .version as string;
  const nodeHash = hashOf(read('node.Dockerfile'), rootfsHash, nodeVersion, npmVersion);
  if ((await labelOf(tools, LOCAL.NODE_IMAGE)) !== nodeHash) {
    const context = mkdtempSync(path.join(tmpdir(), 'district-node-base-'));
    try {
      cpSync(nodeBinary, path.join(context, 'node'));
      cpSync(npmDir, path.join(context, 'npm'), { recursive: true });
      await build(tools, path.join(dir, 'node.Dockerfile'), context, LOCAL.NODE_IMAGE, nodeHash);
      log(`built ${LOCAL.NODE_IMAGE} (Node ${nodeVersion}, npm ${npmVersion})`);
    } finally {
      rmSync(context, { recursive: true, force: true });
    }
  } else log(`${LOCAL.NODE_IMAGE} is cached`);

  const debianPackages: Array<[Exclude<keyof BaseImages, 'DEBIAN_IMAGE'>, string, string[]]> = [
    ['POSTGRES_IMAGE', 'postgres.Dockerfile', ['postgres-entrypoint.sh']],
    ['REDIS_IMAGE', 'redis.Dockerfile', []],
    ['NGINX_IMAGE', 'nginx.Dockerfile', []],
  ];
  for (const [key, dockerfile, extra] of debianPackages) {
    const hash = hashOf(read(dockerfile), rootfsHash, ...extra.map(read));
    if ((await labelOf(tools, LOCAL[key])) === hash) {
      log(`${LOCAL[key]} is cached`);
      continue;
    }
    await build(tools, path.join(dir, dockerfile), dir, LOCAL[key], hash);
    log(`built ${LOCAL[key]}`);
  }
  return {
    NODE_IMAGE: LOCAL.NODE_IMAGE,
    NGINX_IMAGE: LOCAL.NGINX_IMAGE,
    POSTGRES_IMAGE: LOCAL.POSTGRES_IMAGE,
    REDIS_IMAGE: LOCAL.REDIS_IMAGE,
    DEBIAN_IMAGE: LOCAL.debian,
  };
}

// The npm that runs this test (npm sets npm_execpath), else the one on PATH.
async function npmPackageDir(): Promise<string> {
  const candidates: string[] = [];
  if (process.env.npm_execpath)
    candidates.push(path.resolve(path.dirname(process.env.npm_execpath), '..'));
  const onPath = await run('sh', ['-c', 'readlink -f "$(command -v npm)"'], { allowFailure: true });
  if (onPath.stdout.trim()) candidates.push(path.resolve(path.dirname(onPath.stdout.trim()), '..'));
  candidates.push('/usr/lib/node_modules/npm', '/usr/local/lib/node_modules/npm');
  const found = candidates.find((dir) => {
    try {
      return (
        (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: string })
          .name === 'npm'
      );
    } catch {
      return false;
    }
  });
  if (!found) throw new Error("npm's package folder was not found (set NPM_DIR)");
  return found;
}

async function build(
  tools: DockerTools,
  dockerfile: string,
  context: string,
  tag: string,
  hash: string,
): Promise<void> {
  await run(
    tools.docker,
    [
      'build',
      '-q',
      '-f',
      dockerfile,
      '--build-arg',
      `DEBIAN_IMAGE=${LOCAL.debian}`,
      '--label',
      `${HASH_LABEL}=${hash}`,
      '-t',
      tag,
      context,
    ],
    { env: tools.env },
  );
}
