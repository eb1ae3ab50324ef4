// Once per `npm run test:compose`, before any scenario: a Docker engine (started if none
// answers), the base images, every piece's image (built, sized and checked), random secrets and
// a free port. The scenarios read it from the run folder; the project itself comes up with the
// first scenario (lib/platform.ts). jest-global-teardown.ts undoes it all.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { baseImages } from './base-images.ts';
import { ensureDockerEngine, type DockerEngine } from './docker-engine.ts';
import { seconds } from './exec.ts';
import { buildPiece, checkImage, imageName, imageSizeMb, npmSecrets, PIECES } from './images.ts';
import {
  freePort,
  log,
  PREFIX,
  ROOT,
  RUN_ENV,
  TAG,
  writeSecrets,
  writeState,
  type ImageReport,
  type RunState,
} from './platform.ts';
import { teardown } from './jest-global-teardown.ts';

declare global {
  var districtCompose: { engine?: DockerEngine; runDir: string } | undefined;
}

export default async function globalSetup(): Promise<void> {
  const runDir = mkdtempSync(path.join(tmpdir(), 'district-compose-'));
  process.env[RUN_ENV] = runDir;
  globalThis.districtCompose = { runDir };
  const phases: Array<[string, number]> = [];
  const phase = async <T>(name: string, fn: () => Promise<T>): Promise<T> => {
    const started = Date.now();
    process.stdout.write(`\n::: ${name}\n`);
    try {
      return await fn();
    } finally {
      phases.push([name, Date.now() - started]);
      process.stdout.write(`::: ${name} done in ${seconds(Date.now() - started)}\n`);
    }
  };
  // Interrupted: the project and an engine we started still go.
  let interrupted = false;
  const onSignal = () => {
    if (interrupted) process.exit(130);
    interrupted = true;
    log('interrupted: tearing down');
    void teardown().finally(() => process.exit(130));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  const engine = await phase('docker engine', () =>
    ensureDockerEngine(path.join(runDir, 'dockerd')),
  );
  globalThis.districtCompose.engine = engine;
  const { images: base, source } = await phase('base images', () => baseImages(engine, ROOT, log));
  log(`base images (${source}): ${Object.values(base).join(', ')}`);

  const secrets = npmSecrets(runDir);
  const images: ImageReport[] = [];
  await phase('build images', async () => {
    for (const piece of PIECES) {
      const started = Date.now();
      const tag = imageName(PREFIX, piece.name, TAG);
      await buildPiece(engine, {
        piece,
        context: ROOT,
        tag,
        base,
        secrets,
        echo: process.env.VERBOSE === '1',
      });
      const report = {
        piece: piece.name,
        sizeMb: await imageSizeMb(engine, tag),
        buildMs: Date.now() - started,
        problems: (await checkImage(engine, tag, piece)).problems,
      };
      images.push(report);
      log(
        `${tag}: ${report.sizeMb.toFixed(0)} MB, built in ${seconds(report.buildMs)}${report.problems.length ? ` — ${report.problems.join('; ')}` : ''}`,
      );
    }
  });

  const accounts = writeSecrets(path.join(runDir, 'secrets'));
  const state: RunState = {
    runDir,
    docker: engine.docker,
    compose: engine.compose,
    base,
    baseSource: source,
    npmSecrets: secrets,
    images,
    project: `districttest${randomBytes(3).toString('hex')}`,
    port: Number(process.env.GATEWAY_PORT ?? (await freePort())),
    secretsDir: accounts.dir,
    admin: accounts.admin,
    supervisor: accounts.supervisor,
    phases,
  };
  writeState(state);
}
