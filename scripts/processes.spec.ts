import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { formatPinoLine, RestartPolicy, startProcess, supervise } from './processes.ts';

describe('formatPinoLine', () => {
  it('turns a pino request line into one readable line', () => {
    const line =
      '{"level":30,"msg":"request","method":"POST","url":"/api/login","status":401,"ms":3.2}';
    expect(formatPinoLine(line)).toBe('INFO request POST /api/login 401 3.2 ms');
  });

  it("hides Nest's start-up inventory and passes plain text through", () => {
    expect(
      formatPinoLine(
        '{"level":30,"context":"InstanceLoader","msg":"AppModule dependencies initialized"}',
      ),
    ).toBeNull();
    expect(formatPinoLine('plain text')).toBe('plain text');
    expect(formatPinoLine('{"level":50,"msg":"boom","err":{"message":"db down"}}')).toBe(
      'ERROR boom (db down)',
    );
  });
});

describe('startProcess', () => {
  it('stops the whole process group, grandchildren included', async () => {
    // The shell starts a grandchild that would outlive a plain kill of the shell.
    const managed = await startProcess('group', 'sh', ['-c', 'sleep 300 & echo started; wait'], {
      format: () => null,
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(managed.recentOutput()).toContain('started');
    const grandchildren = listGroup(managed.pid);
    expect(grandchildren.length).toBeGreaterThanOrEqual(2);
    await managed.stop(2000);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(listGroup(managed.pid)).toEqual([]);
  });

  it('reports a missing executable as a prerequisite, not a crash', async () => {
    await expect(
      startProcess('nope', 'definitely-not-installed-xyz', [], { installHint: 'install it' }),
    ).rejects.toThrow('definitely-not-installed-xyz not found: install it');
  });
});

describe('RestartPolicy', () => {
  it('backs off 0.5 s doubling to 8 s, then gives up after more than 5 crashes in 60 s', () => {
    const policy = new RestartPolicy({ maxCrashes: 6 });
    const delays = [0, 1, 2, 3, 4, 5].map((i) => policy.onCrash(i * 1000));
    expect(delays.map((d) => (d.action === 'restart' ? d.delayMs : d.action))).toEqual([
      500, 1000, 2000, 4000, 8000, 8000,
    ]);
    const defaults = new RestartPolicy();
    for (let i = 0; i < 5; i++) expect(defaults.onCrash(i * 1000).action).toBe('restart');
    expect(defaults.onCrash(5000)).toEqual({ action: 'give-up', crashesInWindow: 6 });
  });

  it('forgets crashes older than the window, so a rare crash restarts quickly', () => {
    const policy = new RestartPolicy();
    for (let i = 0; i < 5; i++) policy.onCrash(i * 1000);
    // A minute after the first five, the count starts again.
    expect(policy.onCrash(70_000)).toEqual({ action: 'restart', delayMs: 500, crashesInWindow: 1 });
  });
});

describe('supervise', () => {
  it('restarts a process killed with SIGKILL, saying so, and not after stop()', async () => {
    const lines: string[] = [];
    let launches = 0;
    const supervised = await supervise(
      'sleeper',
      async () => {
        launches += 1;
        return startProcess('sleeper', 'sleep', ['300'], { format: () => null });
      },
      { log: (line) => lines.push(line), initialDelayMs: 10 },
    );
    const first = supervised.current();
    const restarted = supervised.nextRestart();
    process.kill(first.pid, 'SIGKILL');
    const second = await restarted;
    expect(second.pid).not.toBe(first.pid);
    expect(supervised.current()).toBe(second);
    expect(supervised.restarts()).toBe(1);
    expect(lines).toEqual([
      'platform: sleeper exited (SIGKILL); restarting in 0.01 s',
      'platform: sleeper restarted',
    ]);
    await supervised.stop(2000);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(launches).toBe(2);
    expect(second.hasExited()).toBe(true);
    expect(lines).toHaveLength(2);
  });

  it('pause() stops without a restart until resume()', async () => {
    const lines: string[] = [];
    const supervised = await supervise(
      'paused',
      () => startProcess('paused', 'sleep', ['300'], { format: () => null }),
      { log: (line) => lines.push(line), initialDelayMs: 5 },
    );
    const first = supervised.current();
    await supervised.pause(2000);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(first.hasExited()).toBe(true);
    expect(lines).toEqual([]);
    const second = await supervised.resume();
    expect(second.pid).not.toBe(first.pid);
    // Supervised again after resume: a crash restarts it.
    const restarted = supervised.nextRestart();
    process.kill(second.pid, 'SIGKILL');
    await restarted;
    expect(lines).toEqual([
      'platform: paused exited (SIGKILL); restarting in 0.005 s',
      'platform: paused restarted',
    ]);
    await supervised.stop(2000);
  });

  it('gives up on a process that keeps crashing, and says so', async () => {
    const lines: string[] = [];
    const supervised = await supervise(
      'crasher',
      () => startProcess('crasher', 'sh', ['-c', 'exit 3'], { format: () => null }),
      { log: (line) => lines.push(line), initialDelayMs: 1, maxDelayMs: 1, maxCrashes: 2 },
    );
    const deadline = Date.now() + 5000;
    while (!supervised.gaveUp() && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(supervised.gaveUp()).toBe(true);
    expect(lines.at(-1)).toBe(
      'platform: crasher exited (3); crashed 3 times in 60 s, giving up (restart the platform once the cause is fixed)',
    );
    await supervised.stop();
  });

  it('counts a restart that fails to start as a crash and tries again', async () => {
    const lines: string[] = [];
    let launches = 0;
    const supervised = await supervise(
      'flaky',
      async () => {
        launches += 1;
        if (launches === 2) throw new Error('port busy');
        return startProcess('flaky', 'sleep', ['300'], { format: () => null });
      },
      { log: (line) => lines.push(line), initialDelayMs: 5 },
    );
    const restarted = supervised.nextRestart();
    process.kill(supervised.current().pid, 'SIGKILL');
    await restarted;
    expect(launches).toBe(3);
    expect(lines).toEqual([
      'platform: flaky exited (SIGKILL); restarting in 0.005 s',
      'platform: flaky did not start again (port busy); restarting in 0.01 s',
      'platform: flaky restarted',
    ]);
    await supervised.stop(2000);
  });
});

function listGroup(pgid: number): number[] {
  // /proc/<pid>/stat field 5 is the process group.
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) === pgid && fields[0] !== 'Z') pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}
