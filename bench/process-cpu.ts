// CPU time used by each local process between two snapshots (from /proc), grouped as the
// platform's parts: each Node service by its folder, nginx and PostgreSQL summed over their
// workers. Shows which part a burst or a load actually spends its time in.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

const TICK_MS = 10; // USER_HZ is 100 on Linux

function partOf(pid: string, command: string): string {
  if (command.startsWith('postgres')) return 'postgres';
  if (command.startsWith('nginx')) return 'nginx';
  if (command === 'node' || command === 'MainThread') {
    try {
      const folder = readlinkSync(`/proc/${pid}/cwd`).split('/').pop();
      return folder?.startsWith('svc-') ? folder : 'load generator (node)';
    } catch {
      return command;
    }
  }
  return command;
}

export function cpuSnapshot(): Map<string, number> {
  const parts = new Map<string, number>();
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const command = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ms = (Number(fields[11]) + Number(fields[12])) * TICK_MS; // utime + stime
      const part = partOf(pid, command);
      parts.set(part, (parts.get(part) ?? 0) + ms);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return parts;
}

// "svc-volunteer 2090 ms, svc-auth 1780 ms, …", largest first, parts under 50 ms left out.
export function cpuSince(before: Map<string, number>): string {
  return [...cpuSnapshot()]
    .map(([part, ms]) => [part, ms - (before.get(part) ?? 0)] as const)
    .filter(([, ms]) => ms >= 50)
    .sort((a, b) => b[1] - a[1])
    .map(([part, ms]) => `${part} ${ms} ms`)
    .join(', ');
}
