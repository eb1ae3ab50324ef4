// A Docker engine for the compose test: the one that answers, or one we start (and later stop,
// with the docker0 bridge and iptables rules it left behind). Installs Debian's docker.io and
// docker-compose when missing.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { commandExists, run, sleep } from './exec.ts';

export interface DockerTools {
  // A docker CLI whose `build` speaks BuildKit (--secret): Docker >= 23 with buildx, or
  // Debian's 20.10 client with DOCKER_BUILDKIT=1.
  docker: string;
  // `docker compose` (v2) or `docker-compose` (v1.29).
  compose: string[];
  env: NodeJS.ProcessEnv;
}

export interface DockerEngine extends DockerTools {
  startedByUs: boolean;
  stop(): Promise<string[]>;
}

async function answers(docker: string): Promise<boolean> {
  const result = await run(docker, ['version', '--format', '{{.Server.Version}}'], {
    allowFailure: true,
    timeoutMs: 15_000,
  });
  return result.code === 0 && result.stdout.trim() !== '';
}

async function installPackages(packages: string[]): Promise<void> {
  process.stdout.write(`installing ${packages.join(', ')} with apt-get\n`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  // Packages must not start daemons of their own while installing.
  const policy = '/usr/sbin/policy-rc.d';
  const addedPolicy = !existsSync(policy);
  if (addedPolicy)
    await run('sh', ['-c', `printf '#!/bin/sh\\nexit 101\\n' >${policy} && chmod +x ${policy}`]);
  try {
    await run('apt-get', ['update', '-qq'], { env });
    await run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], { env });
  } finally {
    if (addedPolicy) await run('rm', ['-f', policy]);
  }
}

async function pickBuildCli(env: NodeJS.ProcessEnv): Promise<string> {
  const candidates = [process.env.DOCKER_CLI, 'docker', '/usr/bin/docker'].filter(
    (c): c is string => Boolean(c),
  );
  for (const cli of candidates) {
    const help = await run(cli, ['build', '--help'], { env, allowFailure: true });
    if (help.code === 0 && help.stdout.includes('--secret')) return cli;
  }
  throw new Error(
    'no docker CLI here builds with BuildKit (--secret): install docker-buildx, or Debian docker.io (20.10)',
  );
}

async function pickCompose(docker: string): Promise<string[]> {
  const v2 = await run(docker, ['compose', 'version'], { allowFailure: true });
  if (v2.code === 0) return [docker, 'compose'];
  if (await commandExists('docker-compose')) return ['docker-compose'];
  throw new Error('neither `docker compose` nor `docker-compose` is installed');
}

interface Snapshot {
  bridges: Set<string>;
  rules: Record<string, Set<string>>;
  ipForward: string;
}

const TABLES = ['filter', 'nat'];
const IP_FORWARD = '/proc/sys/net/ipv4/ip_forward';

async function iptablesRules(table: string): Promise<string[]> {
  const result = await run('iptables', ['-t', table, '-S'], { allowFailure: true });
  return result.code === 0 ? result.stdout.split('\n').filter(Boolean) : [];
}

async function snapshot(): Promise<Snapshot> {
  const links = await run('ip', ['-o', 'link', 'show'], { allowFailure: true });
  const bridges = new Set(
    links.stdout
      .split('\n')
      .map((line) => /^\d+: ([^:@]+)/.exec(line)?.[1] ?? '')
      .filter((name) => name === 'docker0' || name.startsWith('br-')),
  );
  const rules: Record<string, Set<string>> = {};
  for (const table of TABLES) rules[table] = new Set(await iptablesRules(table));
  const ipForward = existsSync(IP_FORWARD) ? readFileSync(IP_FORWARD, 'utf8').trim() : '';
  return { bridges, rules, ipForward };
}

// iptables -S prints rules as arguments; quoted strings (comments) keep their spaces.
function splitArgs(rule: string): string[] {
  return [...rule.matchAll(/"((?:[^"\\]|\\.)*)"|(\S+)/g)].map((m) => m[1] ?? m[2]);
}

// Everything docker-ish that appeared since `before`: rules first, then chains, then bridges.
async function removeLeftovers(before: Snapshot): Promise<string[]> {
  const removed: string[] = [];
  const dockerish = (line: string) => /DOCKER|docker0|br-[0-9a-f]{12}/.test(line);
  for (const table of TABLES) {
    const now = await iptablesRules(table);
    const added = now.filter((line) => !before.rules[table].has(line) && dockerish(line));
    for (const line of added.filter((l) => l.startsWith('-A '))) {
      const args = splitArgs(line);
      args[0] = '-D';
      const result = await run('iptables', ['-t', table, ...args], { allowFailure: true });
      if (result.code === 0) removed.push(`iptables -t ${table} ${line}`);
    }
    for (const line of added.filter((l) => l.startsWith('-N '))) {
      const chain = line.slice(3).trim();
      await run('iptables', ['-t', table, '-F', chain], { allowFailure: true });
      const result = await run('iptables', ['-t', table, '-X', chain], { allowFailure: true });
      if (result.code === 0) removed.push(`iptables -t ${table} chain ${chain}`);
    }
  }
  // dockerd also sets the FORWARD policy to DROP and turns on forwarding: put both back.
  for (const table of TABLES) {
    for (const line of before.rules[table]) {
      const policy = /^-P (\S+) (\S+)$/.exec(line);
      if (!policy || (await iptablesRules(table)).includes(line)) continue;
      const result = await run('iptables', ['-t', table, '-P', policy[1], policy[2]], {
        allowFailure: true,
      });
      if (result.code === 0)
        removed.push(`iptables -t ${table} policy ${policy[1]} ${policy[2]} restored`);
    }
  }
  if (
    before.ipForward &&
    existsSync(IP_FORWARD) &&
    readFileSync(IP_FORWARD, 'utf8').trim() !== before.ipForward
  ) {
    const result = await run('sh', ['-c', `echo ${before.ipForward} > ${IP_FORWARD}`], {
      allowFailure: true,
    });
    if (result.code === 0) removed.push(`net.ipv4.ip_forward=${before.ipForward} restored`);
  }
  const after = await snapshot();
  for (const bridge of after.bridges) {
    if (before.bridges.has(bridge)) continue;
    const result = await run('ip', ['link', 'delete', bridge], { allowFailure: true });
    if (result.code === 0) removed.push(`bridge ${bridge}`);
  }
  return removed;
}

export async function ensureDockerEngine(runDir: string): Promise<DockerEngine> {
  const missing: string[] = [];
  if (!(await commandExists('dockerd'))) missing.push('docker.io');
  if (!(await commandExists('docker-compose'))) {
    const v2 = await run('docker', ['compose', 'version'], { allowFailure: true }).catch(() => ({
      code: 1,
    }));
    if (v2.code !== 0) missing.push('docker-compose');
  }
  if (!(await commandExists('iptables'))) missing.push('iptables');
  if (missing.length > 0) await installPackages(missing);

  const env: NodeJS.ProcessEnv = { ...process.env, DOCKER_BUILDKIT: '1' };
  const docker = await pickBuildCli(env);
  const compose = await pickCompose(docker);

  if (await answers(docker)) {
    process.stdout.write('a Docker engine answers: using it (and leaving it running)\n');
    return { docker, compose, env, startedByUs: false, stop: async () => [] };
  }

  const before = await snapshot();
  mkdirSync(runDir, { recursive: true });
  const logFile = path.join(runDir, 'dockerd.log');
  const pidFile = path.join(runDir, 'dockerd.pid');
  // Its own pid file; the data root stays, so base images and the build cache survive runs.
  const out = openSync(logFile, 'a');
  const child = spawn(
    'dockerd',
    ['--data-root', process.env.DOCKER_DATA_ROOT ?? '/var/lib/docker', '--pidfile', pidFile],
    { detached: true, stdio: ['ignore', out, out] },
  );
  child.unref();
  const pid = child.pid;
  process.stdout.write(`started dockerd (pid ${pid}, log ${logFile})\n`);
  const deadline = Date.now() + 60_000;
  while (!(await answers(docker))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      const log = existsSync(logFile)
        ? readFileSync(logFile, 'utf8').split('\n').slice(-10).join('\n')
        : '';
      throw new Error(`dockerd did not come up:\n${log}`);
    }
    await sleep(500);
  }

  const stop = async (): Promise<string[]> => {
    if (pid === undefined) return [];
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      return removeLeftovers(before);
    }
    const until = Date.now() + 30_000;
    while (Date.now() < until) {
      try {
        process.kill(pid, 0);
      } catch {
        break;
      }
      await sleep(300);
    }
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
    const removed = await removeLeftovers(before);
    return [`dockerd ${pid} stopped`, ...removed];
  };
  return { docker, compose, env, startedByUs: true, stop };
}
