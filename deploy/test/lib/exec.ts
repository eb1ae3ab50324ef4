// Running commands for the compose test: captured output, a clear error naming the command, and
// timing of the test's phases.
import { spawn, type SpawnOptions } from 'node:child_process';

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  input?: string;
  // Stream the command's output to ours (long builds), prefixed.
  echo?: string;
  timeoutMs?: number;
  // Resolve with a non-zero code instead of throwing.
  allowFailure?: boolean;
}

export class CommandError extends Error {
  readonly result: RunResult;
  constructor(command: string, result: RunResult) {
    const tail = (result.stderr.trim() || result.stdout.trim()).split('\n').slice(-15).join('\n');
    super(`${command} exited ${result.code}${tail ? `:\n${tail}` : ''}`);
    this.result = result;
  }
}

export function run(command: string, args: string[], options: RunOptions = {}): Promise<RunResult> {
  const spawnOptions: SpawnOptions = {
    env: options.env ?? process.env,
    cwd: options.cwd,
    stdio: [options.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
  };
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, spawnOptions);
    let stdout = '';
    let stderr = '';
    let partial = '';
    const echo = (chunk: string) => {
      if (!options.echo) return;
      partial += chunk;
      const lines = partial.split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) process.stdout.write(`${options.echo}${line}\n`);
    };
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      echo(chunk);
    });
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      echo(chunk);
    });
    const timer =
      options.timeoutMs === undefined
        ? undefined
        : setTimeout(() => child.kill('SIGKILL'), options.timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`${command}: ${error.message}`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const result = { code: code ?? (signal ? 128 : 1), stdout, stderr };
      if (result.code !== 0 && !options.allowFailure)
        reject(new CommandError([command, ...args].join(' '), result));
      else resolve(result);
    });
    // A command may exit without reading its input: that is its answer, not our error.
    child.stdin?.on('error', () => {});
    child.stdin?.end(options.input);
  });
}

export async function commandExists(command: string): Promise<boolean> {
  const result = await run('sh', ['-c', `command -v ${command}`], { allowFailure: true });
  return result.code === 0;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

export class Timings {
  private readonly rows: Array<[string, number]> = [];
  private readonly started = Date.now();

  async phase<T>(name: string, fn: () => Promise<T>): Promise<T> {
    const start = Date.now();
    process.stdout.write(`::: ${name}\n`);
    try {
      return await fn();
    } finally {
      const took = Date.now() - start;
      this.rows.push([name, took]);
      process.stdout.write(`::: ${name} done in ${seconds(took)}\n`);
    }
  }

  lines(): string[] {
    return [
      ...this.rows.map(([name, ms]) => `${name.padEnd(34)} ${seconds(ms).padStart(9)}`),
      `${'total'.padEnd(34)} ${seconds(Date.now() - this.started).padStart(9)}`,
    ];
  }
}
