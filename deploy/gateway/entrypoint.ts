// The gateway container's main process: resolve every upstream host name to the addresses of all
// its replicas, render nginx.conf with gateway/src/render-cli.ts, run nginx, and re-render and
// reload whenever the addresses change (a replica added, removed or recreated with a new address).
// Debian's nginx 1.22 resolves upstream names only once at start (`resolve` needs 1.27.3), so
// without this a scaled-out or restarted service would keep a stale address.
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const GATEWAY_DIR =
  process.env.GATEWAY_SOURCE_DIR ?? path.resolve(import.meta.dirname, '../../gateway');
const RUNTIME_DIR = process.env.GATEWAY_RUNTIME_DIR ?? '/tmp/gateway';
const NGINX = process.env.NGINX_BIN ?? 'nginx';
const INTERVAL_MS = Number(process.env.RESOLVE_INTERVAL_MS ?? '2000');
// Where a service with no replica at all points: a refused connection, so the caller gets the
// gateway's 502 JSON at once instead of a hang.
const NO_REPLICA = process.env.NO_REPLICA_ADDRESS ?? '127.0.0.1:9';

// Variables holding comma-separated host:port lists (services) or one host:port (static sites).
const LIST_VARIABLES = [
  'SVC_AUTH_UPSTREAMS',
  'SVC_VOLUNTEER_UPSTREAMS',
  'SVC_CONTENT_UPSTREAMS',
  'SVC_HOURS_UPSTREAMS',
];
const SINGLE_VARIABLES = [
  'SHELL_UPSTREAM',
  'MF_VOLUNTEER_UPSTREAM',
  'MF_DIRECTORY_UPSTREAM',
  'MF_BLOG_UPSTREAM',
  'MF_HOURS_UPSTREAM',
];

function log(message: string): void {
  process.stderr.write(`gateway: ${message}\n`);
}

function splitHostPort(entry: string): { host: string; port: string } | undefined {
  const match = /^(\[[^\]]+\]|[^:]+):(\d+)$/.exec(entry);
  return match ? { host: match[1], port: match[2] } : undefined;
}

// Every IPv4 address of a name (Docker's DNS answers one per replica), sorted so that the same
// set always renders the same config.
async function addressesOf(entry: string): Promise<string[]> {
  const parts = splitHostPort(entry);
  if (!parts || isIP(parts.host.replace(/^\[|\]$/g, '')) || entry.startsWith('unix:'))
    return [entry];
  try {
    const found = await lookup(parts.host, { all: true, family: 4 });
    return [...new Set(found.map((a) => `${a.address}:${parts.port}`))].sort();
  } catch {
    return [];
  }
}

// The environment render-cli sees: names replaced by the addresses they have right now.
async function resolvedEnv(): Promise<Record<string, string>> {
  const env: Record<string, string> = {};
  for (const variable of LIST_VARIABLES) {
    const entries = (process.env[variable] ?? '')
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean);
    if (entries.length === 0) continue; // render-cli reports the missing variable
    const addresses = (await Promise.all(entries.map(addressesOf))).flat();
    env[variable] = addresses.length > 0 ? addresses.join(',') : NO_REPLICA;
  }
  for (const variable of SINGLE_VARIABLES) {
    const entry = process.env[variable]?.trim();
    if (!entry) continue;
    const [first] = await addressesOf(entry);
    env[variable] = first ?? NO_REPLICA;
  }
  return env;
}

async function render(overrides: Record<string, string>): Promise<void> {
  try {
    await run(process.execPath, [path.join(GATEWAY_DIR, 'src/render-cli.ts')], {
      env: { ...process.env, ...overrides, GATEWAY_RUNTIME_DIR: RUNTIME_DIR },
    });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new Error(stderr || (error instanceof Error ? error.message : String(error)), {
      cause: error,
    });
  }
}

// `nginx -t` with our own stdout and stderr: nginx opens /dev/stdout for the access log, which
// fails on a captured (socket) stdout.
function testConfig(conf: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(NGINX, ['-t', '-q', '-c', conf, '-p', `${RUNTIME_DIR}/`, '-e', 'stderr'], {
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`nginx -t rejected the new config (exit ${code})`)),
    );
  });
}

const describe = (env: Record<string, string>) =>
  Object.entries(env)
    .map(([key, value]) => `${key}=${value}`)
    .join(' ');

async function main(): Promise<void> {
  let current = await resolvedEnv();
  try {
    await render(current);
  } catch (error) {
    // A configuration mistake: one message, exit 2 (as render-cli itself does).
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  }
  log(`upstreams ${describe(current)}`);

  const conf = path.join(RUNTIME_DIR, 'nginx.conf');
  const nginx: ChildProcess = spawn(NGINX, ['-c', conf, '-p', `${RUNTIME_DIR}/`, '-e', 'stderr'], {
    stdio: 'inherit',
  });
  let stopping = false;
  nginx.on('exit', (code, signal) => {
    if (!stopping) log(`nginx exited (${signal ?? code}); stopping`);
    process.exit(code ?? (signal ? 1 : 0));
  });
  const stop = () => {
    stopping = true;
    // QUIT: finish the requests in flight, then exit.
    nginx.kill('SIGQUIT');
    setTimeout(() => nginx.kill('SIGTERM'), 10_000).unref();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);

  let busy = false;
  const timer = setInterval(() => {
    if (busy || stopping) return;
    busy = true;
    void (async () => {
      const next = await resolvedEnv();
      if (describe(next) === describe(current)) return;
      try {
        await render(next);
        await testConfig(conf);
        nginx.kill('SIGHUP');
        current = next;
        log(`reloaded: ${describe(next)}`);
      } catch (error) {
        log(`kept the running config: ${error instanceof Error ? error.message : String(error)}`);
      }
    })().finally(() => {
      busy = false;
    });
  }, INTERVAL_MS);
  timer.unref();
}

void main();
