// Child processes of the local platform: each in its own process group so stop() takes down
// everything it spawned, with output prefixed on the console or written to a log file.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { dirname } from 'node:path';
import { createInterface } from 'node:readline';
import { MissingPrerequisiteError } from './prerequisites.ts';

export interface StartProcessOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  // Write output here instead of the console (tests keep the console for the test runner).
  logFile?: string;
  // Turn one output line into what the console shows (null hides it).
  format?: (line: string) => string | null;
  // Shown when the executable is missing.
  installHint?: string;
  // Run as this user (the caller is root): PostgreSQL refuses to run as root.
  uid?: number;
  gid?: number;
  // How stop() asks the process to end (default SIGTERM to the whole group). PostgreSQL wants
  // its signal on the postmaster alone, which then stops its own children.
  stopSignal?: NodeJS.Signals;
  signalLeaderOnly?: boolean;
}

export interface ManagedProcess {
  name: string;
  pid: number;
  child: ChildProcess;
  // Resolves with the exit code (or the signal name) once the process is gone.
  exited: Promise<number | string>;
  hasExited(): boolean;
  recentOutput(): string;
  stop(timeoutMs?: number): Promise<void>;
}

const live = new Set<ManagedProcess>();
let exitHookInstalled = false;

// Last resort: if this process exits without stop(), no group it started outlives it.
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const managed of live) killGroup(managed.pid, 'SIGKILL');
  });
}

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}

export function startProcess(
  name: string,
  command: string,
  args: string[],
  options: StartProcessOptions = {},
): Promise<ManagedProcess> {
  installExitHook();
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
    uid: options.uid,
    gid: options.gid,
  });

  const recent: string[] = [];
  let logStream: WriteStream | null = null;
  if (options.logFile) {
    mkdirSync(dirname(options.logFile), { recursive: true });
    logStream = createWriteStream(options.logFile, { flags: 'a' });
  }
  const onLine = (line: string): void => {
    recent.push(line);
    if (recent.length > 60) recent.shift();
    if (logStream) {
      logStream.write(`${line}\n`);
      return;
    }
    const shown = options.format ? options.format(line) : line;
    if (shown !== null) console.log(`[${name}] ${shown}`);
  };
  for (const stream of [child.stdout, child.stderr]) {
    if (stream) createInterface({ input: stream }).on('line', onLine);
  }

  let exited = false;
  const exitedPromise = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => {
      exited = true;
      live.delete(managed);
      // Let the last output lines drain before the log closes.
      setTimeout(() => logStream?.end(), 50);
      resolve(code ?? signal ?? 'unknown');
    });
  });

  const managed: ManagedProcess = {
    name,
    pid: child.pid ?? -1,
    child,
    exited: exitedPromise,
    hasExited: () => exited,
    recentOutput: () => recent.join('\n'),
    async stop(timeoutMs = 8000) {
      if (exited || managed.pid < 0) return;
      const signal = options.stopSignal ?? 'SIGTERM';
      if (options.signalLeaderOnly) child.kill(signal);
      else killGroup(managed.pid, signal);
      const timer = setTimeout(() => killGroup(managed.pid, 'SIGKILL'), timeoutMs);
      await exitedPromise;
      clearTimeout(timer);
      // Grandchildren that ignored SIGTERM (nginx workers, say) go with the group.
      killGroup(managed.pid, 'SIGKILL');
    },
  };

  return new Promise((resolve, reject) => {
    child.once('error', (err: NodeJS.ErrnoException) => {
      exited = true;
      if (err.code === 'ENOENT') {
        reject(
          new MissingPrerequisiteError(
            `${command} not found${options.installHint ? `: ${options.installHint}` : ''}`,
          ),
        );
      } else {
        reject(new Error(`${name}: ${err.message}`));
      }
    });
    child.once('spawn', () => {
      live.add(managed);
      resolve(managed);
    });
  });
}

// Poll an HTTP URL until it answers 2xx; fail early if the process behind it dies.
export async function waitForHttp(
  url: string,
  options: {
    timeoutMs?: number;
    process?: ManagedProcess;
    what?: string;
    signal?: AbortSignal;
  } = {},
): Promise<void> {
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  const what = options.what ?? url;
  let lastProblem = 'no answer';
  while (Date.now() < deadline) {
    options.signal?.throwIfAborted();
    if (options.process?.hasExited()) {
      const code = await options.process.exited;
      throw new Error(
        `${what} exited (${code}) before it was ready. Last output:\n${options.process.recentOutput()}`,
      );
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.ok) return;
      lastProblem = `HTTP ${response.status}`;
    } catch (error) {
      lastProblem = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  const tail = options.process ? ` Last output:\n${options.process.recentOutput()}` : '';
  throw new Error(`${what} did not become ready at ${url} (${lastProblem}).${tail}`);
}

// pino writes JSON lines; on a developer's console one readable line each is kinder, and Nest's
// start-up inventory (modules loaded, routes mapped) is left to the log level "debug".
const QUIET_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer']);
const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};

interface PinoEntry {
  level?: number | string;
  msg?: string;
  context?: string;
  method?: string;
  url?: string;
  status?: number;
  ms?: number;
  err?: { message?: string };
}

export function formatPinoLine(line: string): string | null {
  if (!line.startsWith('{')) return line;
  let entry: PinoEntry;
  try {
    entry = JSON.parse(line) as PinoEntry;
  } catch {
    return line;
  }
  if (entry.context && QUIET_CONTEXTS.has(entry.context)) return null;
  const level =
    typeof entry.level === 'number'
      ? (LEVELS[entry.level] ?? String(entry.level))
      : String(entry.level ?? 'INFO').toUpperCase();
  const request =
    entry.method && entry.url
      ? ` ${entry.method} ${entry.url} ${entry.status ?? ''} ${entry.ms !== undefined ? `${entry.ms} ms` : ''}`.trimEnd()
      : '';
  const error = entry.err?.message ? ` (${entry.err.message})` : '';
  return `${level} ${entry.msg ?? ''}${request}${error}`;
}

// Restart policy of a supervised process (issue 15.3): back off 0.5 s, 1 s, 2 s … up to 8 s
// between restarts, and give up once it has crashed more than maxCrashes times within windowMs
// (a process that cannot stay up is a bug to read about, not something to spin on).
export interface RestartPolicyOptions {
  initialDelayMs?: number;
  maxDelayMs?: number;
  maxCrashes?: number;
  windowMs?: number;
}

export type RestartDecision =
  | { action: 'restart'; delayMs: number; crashesInWindow: number }
  | { action: 'give-up'; crashesInWindow: number };

export class RestartPolicy {
  private readonly crashes: number[] = [];
  readonly initialDelayMs: number;
  readonly maxDelayMs: number;
  readonly maxCrashes: number;
  readonly windowMs: number;

  constructor(options: RestartPolicyOptions = {}) {
    this.initialDelayMs = options.initialDelayMs ?? 500;
    this.maxDelayMs = options.maxDelayMs ?? 8000;
    this.maxCrashes = options.maxCrashes ?? 5;
    this.windowMs = options.windowMs ?? 60_000;
  }

  // Record a crash at `now` and say what to do about it.
  onCrash(now: number): RestartDecision {
    this.crashes.push(now);
    while (this.crashes.length > 0 && (this.crashes[0] as number) <= now - this.windowMs)
      this.crashes.shift();
    const crashesInWindow = this.crashes.length;
    if (crashesInWindow > this.maxCrashes) return { action: 'give-up', crashesInWindow };
    const delayMs = Math.min(this.maxDelayMs, this.initialDelayMs * 2 ** (crashesInWindow - 1));
    return { action: 'restart', delayMs, crashesInWindow };
  }
}

export interface SupervisedProcess {
  name: string;
  // The process running now (after a restart, the new one).
  current(): ManagedProcess;
  restarts(): number;
  gaveUp(): boolean;
  // Resolves when the next restart is complete (tests and the fault suite wait on it).
  nextRestart(): Promise<ManagedProcess>;
  // Fault injection (the fault suite): stop it cleanly without a restart until resume().
  pause(timeoutMs?: number): Promise<void>;
  resume(): Promise<ManagedProcess>;
  // Stop for good: no restart follows, a pending restart is cancelled.
  stop(timeoutMs?: number): Promise<void>;
}

export interface SuperviseOptions extends RestartPolicyOptions {
  // Console lines ("restarting in 0.5 s", "gave up"); default console.error.
  log?: (line: string) => void;
  // Waits between restarts (tests pass a fake).
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

// Keep a process running: `launch` starts it and resolves once it is ready; when it exits
// without stop() it is launched again after the policy's delay. A failed launch counts as a crash.
export async function supervise(
  name: string,
  launch: () => Promise<ManagedProcess>,
  options: SuperviseOptions = {},
): Promise<SupervisedProcess> {
  const policy = new RestartPolicy(options);
  const log = options.log ?? ((line: string) => console.error(line));
  const now = options.now ?? Date.now;
  let stopped = false;
  let paused = false;
  let gaveUp = false;
  let restarts = 0;
  let current = await launch();
  let cancelWait: (() => void) | null = null;
  let waiters: Array<(managed: ManagedProcess) => void> = [];
  const sleep =
    options.sleep ??
    ((ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        cancelWait = () => {
          clearTimeout(timer);
          resolve();
        };
      }));

  const watch = (managed: ManagedProcess): void => {
    void managed.exited.then((code) => onExit(managed, code));
  };
  const onExit = async (managed: ManagedProcess, code: number | string): Promise<void> => {
    if (stopped || paused || managed !== current) return;
    // Whatever the crashed leader left in its group (PostgreSQL backends, nginx workers) goes too,
    // so the new one finds its port and shared memory free.
    killGroup(managed.pid, 'SIGKILL');
    let reason = `exited (${code})`;
    for (;;) {
      const decision = policy.onCrash(now());
      if (decision.action === 'give-up') {
        gaveUp = true;
        log(
          `platform: ${name} ${reason}; crashed ${decision.crashesInWindow} times in ${policy.windowMs / 1000} s, giving up (restart the platform once the cause is fixed)`,
        );
        return;
      }
      log(`platform: ${name} ${reason}; restarting in ${decision.delayMs / 1000} s`);
      await sleep(decision.delayMs);
      cancelWait = null;
      if (stopped) return;
      try {
        const next = await launch();
        if (stopped) {
          await next.stop();
          return;
        }
        current = next;
        restarts += 1;
        log(`platform: ${name} restarted`);
        const ready = waiters;
        waiters = [];
        for (const resolve of ready) resolve(next);
        watch(next);
        return;
      } catch (error) {
        reason = `did not start again (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`;
      }
    }
  };
  watch(current);

  return {
    name,
    current: () => current,
    restarts: () => restarts,
    gaveUp: () => gaveUp,
    nextRestart: () => new Promise((resolve) => waiters.push(resolve)),
    async pause(timeoutMs?: number) {
      paused = true;
      await current.stop(timeoutMs);
    },
    async resume() {
      if (!paused || stopped) return current;
      current = await launch();
      paused = false;
      watch(current);
      return current;
    },
    async stop(timeoutMs?: number) {
      stopped = true;
      (cancelWait as (() => void) | null)?.();
      await current.stop(timeoutMs);
    },
  };
}
