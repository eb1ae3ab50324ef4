import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants as fsConstants, readdirSync, readFileSync } from 'node:fs';
import { chown, mkdir, writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { runtimePaths } from './runtime-paths.util.ts';

export { findFreePort } from './find-free-port.util.ts';

export interface StartNginxOptions {
  /** the full nginx.conf text (e.g. renderGatewayConfig(...).nginxConf); must say `daemon off;` */
  conf: string;
  /** absolute directory for nginx.conf, pid, temp files and logs; created if missing */
  runtimeDir: string;
  /** written beside the config as remotes.json, for whoever wants the file */
  remotesJson?: string;
  /** nginx binary; default $NGINX_BIN, then nginx on PATH, then /usr/sbin/nginx */
  nginxBin?: string;
  /** port to wait for; default: the first `listen` of the config */
  port?: number;
  /** run nginx as this user and group (the caller must be root) */
  uid?: number;
  gid?: number;
  /** how long to wait for the port to answer; default 10 s */
  startTimeoutMs?: number;
}

export interface NginxHandle {
  pid: number;
  port: number;
  /** base URL, e.g. http://127.0.0.1:8080 */
  url: string;
  confPath: string;
  /** writes a new config (if given), validates it with `nginx -t`, then reloads without dropping requests */
  reload(conf?: string): Promise<void>;
  /** graceful stop (in-flight requests finish), forced after a few seconds; resolves when nginx is gone */
  stop(): Promise<void>;
  /** resolves when the master process exits, with its exit code or signal */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const running = new Set<ChildProcess>();
let exitHookInstalled = false;

/**
 * Writes the config, checks it with `nginx -t`, starts nginx in the foreground as a child
 * process and resolves once it answers on its port. Works as a normal user (everything nginx
 * writes is under runtimeDir) and as root.
 */
export async function startNginx(options: StartNginxOptions): Promise<NginxHandle> {
  const bin = resolveNginxBinary(options.nginxBin);
  const paths = runtimePaths(options.runtimeDir);
  if (!path.isAbsolute(options.runtimeDir))
    throw new Error(`runtimeDir must be absolute: ${options.runtimeDir}`);
  if (/^\s*daemon\s+on\s*;/m.test(options.conf))
    throw new Error('startNginx needs `daemon off;` in the config (render with daemon: false)');

  const conf = withWorkerUser(options.conf, options.uid);
  const listen =
    options.port !== undefined ? { host: '127.0.0.1', port: options.port } : parseListen(conf);
  await mkdir(paths.logs, { recursive: true });
  await mkdir(paths.tmp, { recursive: true });
  await writeFile(paths.conf, conf);
  if (options.remotesJson !== undefined) await writeFile(paths.remotesJson, options.remotesJson);
  if (options.uid !== undefined) {
    for (const dir of [options.runtimeDir, paths.logs, paths.tmp, paths.conf]) {
      await chown(dir, options.uid, options.gid ?? options.uid);
    }
  }

  const ids = { uid: options.uid, gid: options.gid ?? options.uid };
  const args = ['-c', paths.conf, '-p', `${options.runtimeDir}/`, '-e', 'stderr'];
  await testConfig(bin, args, ids);

  const child = spawn(bin, args, { stdio: ['ignore', 'ignore', 'pipe'], ...ids });
  const stderr = tail(child);
  running.add(child);
  installExitHook();
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    });
  });
  let spawnError: Error | undefined;
  child.on('error', (error) => {
    spawnError = error;
  });
  const spawned = await new Promise<boolean>((resolve) => {
    child.once('spawn', () => resolve(true));
    child.once('error', () => resolve(false));
  });
  if (!spawned || child.pid === undefined)
    throw new Error(`could not start ${bin}: ${spawnError?.message ?? stderr()}`);
  const pid = child.pid;

  try {
    await waitUntilAnswering(
      listen.host,
      listen.port,
      options.startTimeoutMs ?? 10_000,
      () => child.exitCode !== null || child.signalCode !== null,
    );
  } catch (error) {
    const workers = childPids(pid);
    child.kill('SIGKILL');
    for (const worker of workers) safeKill(worker, 'SIGKILL');
    throw new Error(`nginx did not start: ${(error as Error).message}\n${stderr()}`, {
      cause: error,
    });
  }

  let stopping: Promise<void> | undefined;
  return {
    pid,
    port: listen.port,
    url: `http://${listen.host.includes(':') ? `[${listen.host}]` : listen.host}:${listen.port}`,
    confPath: paths.conf,
    exited,
    async reload(newConf?: string) {
      if (newConf !== undefined) await writeFile(paths.conf, withWorkerUser(newConf, options.uid));
      await testConfig(bin, args, ids);
      const before = new Set(childPids(pid));
      process.kill(pid, 'SIGHUP');
      // The new config is live once the master has started fresh workers and the old ones have
      // stopped accepting (they may still finish long requests such as SSE streams).
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline) {
        const now = childPids(pid);
        if (
          now.some((p) => !before.has(p)) &&
          now.filter((p) => before.has(p)).every((p) => !isAccepting(p))
        )
          return;
        await sleep(25);
      }
      throw new Error('nginx reload did not finish within 10 s');
    },
    stop() {
      stopping ??= stopProcess(child, pid, exited);
      return stopping;
    },
  };
}

async function stopProcess(
  child: ChildProcess,
  pid: number,
  exited: Promise<unknown>,
): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = (ms: number) => Promise.race([exited.then(() => true), sleep(ms).then(() => false)]);
  // QUIT: finish in-flight requests (bounded by worker_shutdown_timeout), then exit.
  child.kill('SIGQUIT');
  if (await gone(5_000)) return;
  child.kill('SIGTERM');
  if (await gone(3_000)) return;
  const workers = childPids(pid);
  child.kill('SIGKILL');
  for (const worker of workers) safeKill(worker, 'SIGKILL');
  await exited;
}

function withWorkerUser(conf: string, uid: number | undefined): string {
  const root = (uid ?? process.geteuid?.() ?? 0) === 0;
  if (!root || /^\s*user\s+\S/m.test(conf)) return conf;
  // A root master would start its workers as `nobody`, which cannot read files in a developer's
  // home or a 0700 temp dir; keep them as the user that started nginx, as it does without root.
  return `# added by startNginx: the master runs as root, workers stay root too\nuser root;\n${conf}`;
}

function parseListen(conf: string): { host: string; port: number } {
  const match = /^\s*listen\s+(?:(\[[^\]]+\]|[^\s:;]+):)?(\d+)\b/m.exec(conf);
  if (!match) throw new Error('no `listen` in the config and no port given');
  let host = (match[1] ?? '127.0.0.1').replace(/^\[|\]$/g, '');
  if (host === '0.0.0.0' || host === '*') host = '127.0.0.1';
  if (host === '::') host = '::1';
  return { host, port: Number(match[2]) };
}

export function resolveNginxBinary(explicit?: string): string {
  const candidates = [
    explicit,
    process.env.NGINX_BIN,
    ...(process.env.PATH ?? '')
      .split(path.delimiter)
      .filter(Boolean)
      .map((dir) => path.join(dir, 'nginx')),
    '/usr/sbin/nginx',
    '/usr/local/sbin/nginx',
    '/usr/local/nginx/sbin/nginx',
  ];
  for (const candidate of candidates) {
    if (!candidate) continue;
    try {
      accessSync(candidate, fsConstants.X_OK);
      return candidate;
    } catch {
      // try the next one
    }
  }
  throw new Error(
    'nginx not found: install it (Debian/Ubuntu: apt-get install nginx) or set NGINX_BIN',
  );
}

function testConfig(
  bin: string,
  args: string[],
  ids: { uid?: number; gid?: number },
): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(bin, ['-t', '-q', ...args], { ...ids }, (error, _stdout, stderr) => {
      if (error) reject(new Error(`nginx config test failed:\n${stderr.trim() || error.message}`));
      else resolve();
    });
  });
}

function tail(child: ChildProcess): () => string {
  let text = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    text = (text + chunk).slice(-16_384);
  });
  return () => text.trim();
}

// A real HTTP answer from nginx, not just an open port: findFreePort can race with another process.
async function waitUntilAnswering(
  host: string,
  port: number,
  timeoutMs: number,
  hasExited: () => boolean,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (hasExited()) throw new Error('nginx exited during start-up');
    if (await answers(host, port)) return;
    await sleep(25);
  }
  throw new Error(`nothing answered on ${host}:${port} within ${timeoutMs} ms`);
}

function answers(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const request = http.get(
      { host, port, path: '/_gateway/health', agent: false, timeout: 1_000 },
      (response) => {
        response.resume();
        resolve(String(response.headers.server ?? '').startsWith('nginx'));
      },
    );
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(false));
  });
}

// Linux only: the worker processes of a master, read from /proc.
function childPids(parent: number): number[] {
  const pids: number[] = [];
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return pids;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command name (which may contain spaces): state, ppid, ...
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === parent) pids.push(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  return pids;
}

// An old worker that is shutting down has closed its listening sockets; its title says so.
function isAccepting(pid: number): boolean {
  try {
    return !readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('shutting down');
  } catch {
    return false;
  }
}

function safeKill(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // already gone
  }
}

// nginx outliving the Node process that started it would keep the port busy.
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const child of running) child.kill('SIGTERM');
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
