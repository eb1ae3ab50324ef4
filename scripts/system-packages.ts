// Machine tools the platform needs (nginx, redis-server, Chromium for e2e, kubectl for deploy/k8s,
// promtool for the alert rules, pdftotext for the service record's text),
// installed with the system's package manager when they are missing and we may (issue 14.9):
// root or passwordless `sudo -n`; apt-get (Debian/Ubuntu) or Homebrew (macOS). One line says what
// is installed and why.
// Otherwise, or with DISTRICT_NO_INSTALL=1, the run stops with the one line it always printed.
import { spawnSync } from 'node:child_process';
import { platform as osPlatform, userInfo } from 'node:os';
import { findExecutable, MissingPrerequisiteError } from './prerequisites.ts';

export type Tool = 'nginx' | 'redis-server' | 'chromium' | 'kubectl' | 'promtool' | 'pdftotext';

export interface ToolNeed {
  tool: Tool;
  // Why the run needs it, for the one line printed ("the gateway", "sessions and queues").
  why: string;
  // The line printed when it is missing and cannot be installed.
  missingLine: string;
}

// Package names per manager. Chromium on Debian also wants fonts so pages render as in CI.
const PACKAGES: Record<Tool, { apt: string[]; brew: string[] }> = {
  nginx: { apt: ['nginx'], brew: ['nginx'] },
  'redis-server': { apt: ['redis-server'], brew: ['redis'] },
  chromium: { apt: ['chromium', 'fonts-liberation'], brew: ['--cask', 'chromium'] },
  // Debian's own kubernetes-client (1.20) lacks kustomize v5; `kubectl` is the Kubernetes or
  // Google Cloud apt repository's package, where the machine has one configured.
  kubectl: { apt: ['kubectl'], brew: ['kubernetes-cli'] },
  // Debian's prometheus package carries promtool (alert rule checks, issue 21).
  promtool: { apt: ['prometheus'], brew: ['prometheus'] },
  // Poppler's pdftotext reads the service record PDF's text back (issue 29).
  pdftotext: { apt: ['poppler-utils'], brew: ['poppler'] },
};

// What is on the machine, gathered once; tests build it by hand.
export interface MachineFacts {
  platform: NodeJS.Platform;
  isRoot: boolean;
  // `sudo -n true` succeeds (passwordless sudo).
  sudoWithoutPassword: boolean;
  hasAptGet: boolean;
  hasBrew: boolean;
  // DISTRICT_NO_INSTALL=1: never install, only say what is missing.
  installDisabled: boolean;
}

export type InstallPlan =
  | { kind: 'nothing' }
  | {
      kind: 'install';
      manager: 'apt-get' | 'brew';
      sudo: boolean;
      packages: string[];
      // The one line printed before installing.
      announce: string;
      needs: ToolNeed[];
    }
  | { kind: 'refuse'; line: string };

// The decision, free of side effects: which manager, as whom, which packages.
export function planInstall(missing: ToolNeed[], facts: MachineFacts): InstallPlan {
  if (missing.length === 0) return { kind: 'nothing' };
  // Every missing tool's own line, so nothing is hidden behind the first.
  const refuse = (): InstallPlan => ({
    kind: 'refuse',
    line: missing.map((need) => need.missingLine).join('\n'),
  });
  if (facts.installDisabled) return refuse();
  const names = missing.map((need) => need.tool).join(', ');
  const reasons = missing.map((need) => `${need.tool} for ${need.why}`).join(', ');
  if (facts.platform === 'linux' && facts.hasAptGet) {
    if (!facts.isRoot && !facts.sudoWithoutPassword) return refuse();
    const packages = missing.flatMap((need) => PACKAGES[need.tool].apt);
    return {
      kind: 'install',
      manager: 'apt-get',
      sudo: !facts.isRoot,
      packages,
      announce: `installing ${names} with apt-get${facts.isRoot ? '' : ' (sudo)'}: missing and needed (${reasons})`,
      needs: missing,
    };
  }
  if (facts.platform === 'darwin' && facts.hasBrew) {
    // Homebrew refuses to run as root and needs no sudo.
    if (facts.isRoot) return refuse();
    return {
      kind: 'install',
      manager: 'brew',
      sudo: false,
      packages: missing.flatMap((need) => PACKAGES[need.tool].brew),
      announce: `installing ${names} with brew: missing and needed (${reasons})`,
      needs: missing,
    };
  }
  return refuse();
}

export interface CommandRunner {
  // Runs a command with inherited output; resolves with its exit status.
  run(command: string, args: string[], env?: NodeJS.ProcessEnv): number;
}

export const realRunner: CommandRunner = {
  run(command, args, env) {
    const result = spawnSync(command, args, { stdio: ['ignore', 'inherit', 'inherit'], env });
    return result.status ?? 1;
  },
};

// Packages must not start their own daemons (nginx on :80, a second Redis) while installing:
// a policy-rc.d that says "no" exists only for the install.
const POLICY_RC = '/usr/sbin/policy-rc.d';

// The commands of a plan, in order (shown by the tests; run by installPlan).
export function installCommands(
  plan: Extract<InstallPlan, { kind: 'install' }>,
): Array<{ command: string; args: string[]; always?: boolean }> {
  const as = (command: string, args: string[]) =>
    plan.sudo ? { command: 'sudo', args: ['-n', command, ...args] } : { command, args };
  if (plan.manager === 'brew') {
    const casks = plan.packages.includes('--cask');
    const formulae = plan.packages.filter((p) => p !== '--cask' && p !== 'chromium');
    return [
      ...(formulae.length > 0 ? [{ command: 'brew', args: ['install', ...formulae] }] : []),
      ...(casks ? [{ command: 'brew', args: ['install', '--cask', 'chromium'] }] : []),
    ];
  }
  return [
    as('sh', [
      '-c',
      `[ -e ${POLICY_RC} ] || { printf '#!/bin/sh\\nexit 101\\n' > ${POLICY_RC} && chmod +x ${POLICY_RC} && touch ${POLICY_RC}.district; }`,
    ]),
    as('apt-get', ['update', '-qq']),
    as('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...plan.packages]),
    // Only the policy file this run wrote goes again (and always, even after a failed install).
    {
      ...as('sh', [
        '-c',
        `[ ! -e ${POLICY_RC}.district ] || rm -f ${POLICY_RC} ${POLICY_RC}.district`,
      ]),
      always: true,
    },
  ];
}

export function gatherFacts(runner: CommandRunner = realRunner): MachineFacts {
  const isRoot = typeof process.getuid === 'function' ? process.getuid() === 0 : false;
  const hasSudo = !isRoot && findExecutable('sudo') !== null;
  return {
    platform: osPlatform(),
    isRoot: isRoot || userInfo().uid === 0,
    sudoWithoutPassword: hasSudo && runner.run('sudo', ['-n', 'true']) === 0,
    hasAptGet: findExecutable('apt-get') !== null,
    hasBrew: findExecutable('brew') !== null,
    installDisabled: process.env.DISTRICT_NO_INSTALL === '1',
  };
}

// Where a tool is, or null. Chromium: CHROMIUM_PATH, else the usual names.
export function locateTool(tool: Tool): string | null {
  if (tool === 'chromium') {
    if (process.env.CHROMIUM_PATH) return findExecutable(process.env.CHROMIUM_PATH);
    return (
      findExecutable('/usr/bin/chromium') ??
      findExecutable('chromium') ??
      findExecutable('/Applications/Chromium.app/Contents/MacOS/Chromium')
    );
  }
  return findExecutable(tool);
}

export interface EnsureToolsOptions {
  runner?: CommandRunner;
  facts?: MachineFacts;
  locate?: (tool: Tool) => string | null;
  say?: (line: string) => void;
}

// Installs what is missing where it may; throws MissingPrerequisiteError (one line per tool)
// when it may not or the install did not produce the tool.
export function ensureTools(needs: ToolNeed[], options: EnsureToolsOptions = {}): void {
  const locate = options.locate ?? locateTool;
  const missing = needs.filter((need) => locate(need.tool) === null);
  if (missing.length === 0) return;
  const runner = options.runner ?? realRunner;
  const plan = planInstall(missing, options.facts ?? gatherFacts(runner));
  if (plan.kind === 'nothing') return;
  if (plan.kind === 'refuse') throw new MissingPrerequisiteError(plan.line);
  (options.say ?? console.log)(plan.announce);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive', HOMEBREW_NO_AUTO_UPDATE: '1' };
  let failed: string | null = null;
  for (const step of installCommands(plan)) {
    if (failed && !step.always) continue;
    const status = runner.run(step.command, step.args, env);
    if (status !== 0 && !failed) failed = `${step.command} ${step.args.join(' ')} exited ${status}`;
  }
  const stillMissing = missing.filter((need) => locate(need.tool) === null);
  if (stillMissing.length > 0)
    throw new MissingPrerequisiteError(
      stillMissing
        .map((need) => `${need.missingLine}${failed ? ` (the install failed: ${failed})` : ''}`)
        .join('\n'),
    );
}
