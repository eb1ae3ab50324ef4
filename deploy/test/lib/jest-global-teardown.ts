// After the last scenario (or on Ctrl-C): the compose project goes with its volumes and networks
// (a check: nothing of it may be left), a Docker engine the run started is stopped, and the
// figures and timings of the whole run are printed once more, together.
import { rmSync } from 'node:fs';
import { run, seconds } from './exec.ts';
import { log, projectOf, readFigures, readState } from './platform.ts';

export async function teardown(): Promise<string[]> {
  const context = globalThis.districtCompose;
  if (!context) return [];
  globalThis.districtCompose = undefined;
  const started = Date.now();
  const leftovers: string[] = [];
  let figures: string[] = [];
  let phases: Array<[string, number]> = [];
  try {
    const state = readState();
    figures = readFigures(state.runDir);
    phases = state.phases;
    const project = projectOf(state);
    await project.compose(['down', '--volumes', '--remove-orphans', '--timeout', '10'], {
      allowFailure: true,
    });
    const label = `label=com.docker.compose.project=${project.project}`;
    const containers = await project.containers();
    const volumes = await project.docker(['volume', 'ls', '-q', '--filter', label], {
      allowFailure: true,
    });
    const networks = await project.docker(['network', 'ls', '-q', '--filter', label], {
      allowFailure: true,
    });
    leftovers.push(
      ...[
        containers.map((c) => c.name).join(' '),
        volumes.stdout.trim(),
        networks.stdout.trim(),
      ].filter(Boolean),
    );
    log(
      leftovers.length === 0
        ? `teardown: project ${project.project} is gone (containers, volumes, networks)`
        : `teardown: left ${leftovers.join(' ')}`,
    );
  } catch (error) {
    // No state: the setup stopped before writing it; only the engine is left to stop.
    log(`teardown: ${error instanceof Error ? error.message : String(error)}`);
  }
  const { engine } = context;
  if (engine?.startedByUs) {
    // Keep the cache useful but bounded (only on an engine this run owns): old image versions
    // and build cache beyond 6 GB go.
    await run(engine.docker, ['image', 'prune', '-f'], { env: engine.env, allowFailure: true });
    await run(engine.docker, ['builder', 'prune', '-f', '--keep-storage', '6GB'], {
      env: engine.env,
      allowFailure: true,
    });
  }
  if (engine) {
    const stopped = await engine.stop();
    if (engine.startedByUs)
      log(`stopped what this run started: ${stopped.join('; ') || 'nothing left'}`);
  }
  rmSync(context.runDir, { recursive: true, force: true });

  process.stdout.write('\n::: figures\n');
  for (const line of figures) process.stdout.write(`    ${line}\n`);
  process.stdout.write('::: timings (outside the scenarios; jest times each scenario)\n');
  for (const [name, ms] of [...phases, ['teardown', Date.now() - started] as [string, number]])
    process.stdout.write(`    ${name.padEnd(34)} ${seconds(ms).padStart(9)}\n`);
  return leftovers;
}

export default async function globalTeardown(): Promise<void> {
  const leftovers = await teardown();
  if (leftovers.length > 0)
    throw new Error(`teardown left containers, volumes or networks: ${leftovers.join(' ')}`);
}
