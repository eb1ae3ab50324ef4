// Independent deploy of a service under load: svc-content (one replica) is rebuilt as a new
// image and recreated alone while four clients keep reading blog posts through the gateway;
// they get clear 502/503/504 JSON while it is away, never a hang, and success after.
import { beforeAll, describe, expect, it } from '@jest/globals';
import { seconds, sleep } from '../lib/exec.ts';
import { buildPiece, imageName, PIECES, type Piece } from '../lib/images.ts';
import { describeLoad, startLoad, type LoadSummary } from '../lib/load.ts';
import {
  changedContainers,
  figure,
  isOneShot,
  log,
  login,
  platform,
  PREFIX,
  scale,
  startedAtOf,
  TAG,
  toolsOf,
  untilRecovered,
  type Platform,
} from '../lib/platform.ts';

describe('independent deploy: svc-content under load', () => {
  let up: Platform;
  let changed: string[] = [];
  let summary: LoadSummary;
  let recovered = false;

  beforeAll(async () => {
    up = await platform();
    await scale(up.project, { 'svc-content': 1 });
    const cookie = await login(up.baseUrl, up.state.admin);
    const url = `${up.baseUrl}/api/blog-posts`;
    const probe = await fetch(url, { headers: { cookie } });
    await probe.arrayBuffer();
    if (!probe.ok)
      throw new Error(`GET /api/blog-posts answers ${probe.status} before the restart`);

    const started = Date.now();
    // A rebuild (cached layers) with a new label: a new image, as a release would be.
    await buildPiece(toolsOf(up.state), {
      piece: PIECES.find((p) => p.name === 'svc-content') as Piece,
      context: up.project.cwd,
      tag: imageName(PREFIX, 'svc-content', TAG),
      base: up.state.base,
      secrets: up.state.npmSecrets,
      extraArgs: ['--label', `org.district.release=${Date.now()}`],
    });
    const built = Date.now();
    const before = startedAtOf(await up.project.containers());
    const loadStart = Date.now();
    const load = startLoad({ url, cookie, concurrency: 4, pauseMs: 200 });
    await sleep(1500);
    const restartAt = Date.now();
    await up.project.compose([
      'up',
      '-d',
      '--no-deps',
      '--no-build',
      '--force-recreate',
      'svc-content',
    ]);
    await up.project.waitHealthy(120_000, isOneShot);
    const healthyAt = Date.now();
    recovered = await untilRecovered(url, cookie, 30_000);
    await sleep(1000);
    summary = await load.stop();
    // Answering again: just after the last failed request of the load.
    const back =
      summary.lastFailureAt === undefined ? restartAt : loadStart + summary.lastFailureAt;
    changed = changedContainers(before, startedAtOf(await up.project.containers()));
    log(`load during the restart: ${describeLoad(summary)}`);
    log(
      `answering again ${seconds(back - restartAt)} after the restart began; reported healthy after ${seconds(healthyAt - restartAt)}`,
    );
    figure(
      `svc-content restart (1 replica): ${summary.total - summary.ok} of ${summary.total} requests failed (all clear JSON: ${summary.otherErrors === 0 && summary.hangs === 0}), back after ${seconds(back - restartAt)}; rebuild ${seconds(built - started)}`,
    );
  });

  it('svc-content rebuilt and restarted alone (others kept running)', () => {
    expect(changed).toEqual([expect.stringContaining('svc-content')]);
  });

  it('requests during the svc-content restart get 502/503/504 JSON, never a hang', () => {
    expect({ hangs: summary.hangs, otherErrors: summary.otherErrors }).toEqual({
      hangs: 0,
      otherErrors: 0,
    });
  });

  it('requests succeed again after the restart', () => {
    expect({ tenInARow: recovered, lastRequestOk: summary.recovered }).toEqual({
      tenInARow: true,
      lastRequestOk: true,
    });
  });
});
