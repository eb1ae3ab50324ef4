import { describe, expect, it } from '@jest/globals';
import { MissingPrerequisiteError } from './prerequisites.ts';
import {
  ensureTools,
  installCommands,
  planInstall,
  type CommandRunner,
  type MachineFacts,
  type Tool,
  type ToolNeed,
} from './system-packages.ts';

const NGINX: ToolNeed = { tool: 'nginx', why: 'the gateway', missingLine: 'nginx not found: x' };
const REDIS: ToolNeed = {
  tool: 'redis-server',
  why: 'sessions and queues',
  missingLine: 'redis-server not found: y',
};
const CHROMIUM: ToolNeed = { tool: 'chromium', why: 'the e2e suite', missingLine: 'chromium: z' };

const debianRoot: MachineFacts = {
  platform: 'linux',
  isRoot: true,
  sudoWithoutPassword: false,
  hasAptGet: true,
  hasBrew: false,
  installDisabled: false,
};

describe('planInstall', () => {
  it('does nothing when nothing is missing', () => {
    expect(planInstall([], debianRoot)).toEqual({ kind: 'nothing' });
  });

  it('installs with apt-get as root, one line naming what and why', () => {
    const plan = planInstall([NGINX, REDIS, CHROMIUM], debianRoot);
    expect(plan).toMatchObject({
      kind: 'install',
      manager: 'apt-get',
      sudo: false,
      packages: ['nginx', 'redis-server', 'chromium', 'fonts-liberation'],
      announce:
        'installing nginx, redis-server, chromium with apt-get: missing and needed (nginx for the gateway, redis-server for sessions and queues, chromium for the e2e suite)',
    });
  });

  it('uses sudo -n when not root but sudo needs no password', () => {
    const plan = planInstall([REDIS], { ...debianRoot, isRoot: false, sudoWithoutPassword: true });
    expect(plan).toMatchObject({ kind: 'install', manager: 'apt-get', sudo: true });
    if (plan.kind !== 'install') throw new Error('expected an install');
    expect(plan.announce).toContain('with apt-get (sudo)');
    expect(
      installCommands(plan).map((c) => `${c.command} ${c.args.slice(0, 2).join(' ')}`),
    ).toEqual(['sudo -n sh', 'sudo -n apt-get', 'sudo -n apt-get', 'sudo -n sh']);
  });

  it('refuses with every missing line when it may not install', () => {
    const refused = { kind: 'refuse', line: 'nginx not found: x\nredis-server not found: y' };
    // Not root, sudo wants a password.
    expect(planInstall([NGINX, REDIS], { ...debianRoot, isRoot: false })).toEqual(refused);
    // Told not to.
    expect(planInstall([NGINX, REDIS], { ...debianRoot, installDisabled: true })).toEqual(refused);
    // No package manager it knows.
    expect(planInstall([NGINX, REDIS], { ...debianRoot, hasAptGet: false })).toEqual(refused);
  });

  it('uses Homebrew on a Mac, never as root', () => {
    const mac: MachineFacts = {
      ...debianRoot,
      platform: 'darwin',
      isRoot: false,
      hasAptGet: false,
      hasBrew: true,
    };
    const plan = planInstall([NGINX, REDIS, CHROMIUM], mac);
    expect(plan).toMatchObject({ kind: 'install', manager: 'brew', sudo: false });
    if (plan.kind !== 'install') throw new Error('expected an install');
    expect(installCommands(plan)).toEqual([
      { command: 'brew', args: ['install', 'nginx', 'redis'] },
      { command: 'brew', args: ['install', '--cask', 'chromium'] },
    ]);
    expect(planInstall([NGINX], { ...mac, isRoot: true }).kind).toBe('refuse');
  });

  it('keeps daemons from starting during apt-get and removes only its own policy-rc.d', () => {
    const plan = planInstall([NGINX], debianRoot);
    if (plan.kind !== 'install') throw new Error('expected an install');
    const commands = installCommands(plan);
    expect(commands[0]?.args.join(' ')).toContain('exit 101');
    expect(commands[0]?.args.join(' ')).toContain('[ -e /usr/sbin/policy-rc.d ] ||');
    expect(commands[2]).toEqual({
      command: 'apt-get',
      args: ['install', '-y', '-qq', '--no-install-recommends', 'nginx'],
    });
    expect(commands[3]).toMatchObject({ always: true });
    expect(commands[3]?.args.join(' ')).toContain('policy-rc.d.district');
  });
});

// A machine stub: tools appear once apt-get install has "run".
function stubMachine(present: Tool[], installWorks = true) {
  const have = new Set<Tool>(present);
  const ran: string[] = [];
  const runner: CommandRunner = {
    run(command, args) {
      ran.push([command, ...args].join(' '));
      const at = args.indexOf('--no-install-recommends');
      if (args[0] === 'install' && at >= 0) {
        if (!installWorks) return 100;
        for (const pkg of args.slice(at + 1))
          if (pkg === 'nginx' || pkg === 'redis-server' || pkg === 'chromium') have.add(pkg);
      }
      return 0;
    },
  };
  return { runner, ran, locate: (tool: Tool) => (have.has(tool) ? `/usr/bin/${tool}` : null) };
}

describe('ensureTools', () => {
  it('runs nothing when every tool is there', () => {
    const machine = stubMachine(['nginx', 'redis-server']);
    const said: string[] = [];
    ensureTools([NGINX, REDIS], { ...machine, facts: debianRoot, say: (l) => said.push(l) });
    expect(machine.ran).toEqual([]);
    expect(said).toEqual([]);
  });

  it('installs only what is missing, says so in one line, and then finds it', () => {
    const machine = stubMachine(['nginx']);
    const said: string[] = [];
    ensureTools([NGINX, REDIS], { ...machine, facts: debianRoot, say: (l) => said.push(l) });
    expect(said).toEqual([
      'installing redis-server with apt-get: missing and needed (redis-server for sessions and queues)',
    ]);
    expect(machine.ran[1]).toBe('apt-get update -qq');
    expect(machine.ran[2]).toBe('apt-get install -y -qq --no-install-recommends redis-server');
    expect(machine.ran).toHaveLength(4);
  });

  it('stops with the one line when it may not install, running nothing', () => {
    const machine = stubMachine([]);
    expect(() =>
      ensureTools([NGINX], { ...machine, facts: { ...debianRoot, isRoot: false } }),
    ).toThrow(new MissingPrerequisiteError('nginx not found: x'));
    expect(machine.ran).toEqual([]);
  });

  it('says the install failed, and still removes its policy-rc.d', () => {
    const machine = stubMachine([], false);
    expect(() =>
      ensureTools([NGINX], { ...machine, facts: debianRoot, say: () => undefined }),
    ).toThrow(/nginx not found: x \(the install failed: apt-get install .* exited 100\)/);
    expect(machine.ran.at(-1)).toContain('rm -f /usr/sbin/policy-rc.d');
  });
});
