import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatPinoLine, startProcess } from './processes.ts';

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
