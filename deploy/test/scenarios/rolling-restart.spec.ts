// Rolling restart: with two svc-content replicas, restarting them one at a time under load loses
// no request (the gateway retries on the other replica).
import { beforeAll, describe, expect, it } from '@jest/globals';
import { sleep } from '../lib/exec.ts';
import { describeLoad, startLoad } from '../lib/load.ts';
import { figure, isOneShot, log, login, platform, scale, type Platform } from '../lib/platform.ts';

describe('rolling restart', () => {
  let up: Platform;

  beforeAll(async () => {
    up = await platform();
    await scale(up.project, { 'svc-content': 2 });
  });

  it('a rolling restart of two svc-content replicas loses no request', async () => {
    const cookie = await login(up.baseUrl, up.state.admin);
    const replicas = (await up.project.containers()).filter((c) => c.service === 'svc-content');
    expect(replicas).toHaveLength(2);
    const load = startLoad({
      url: `${up.baseUrl}/api/blog-posts`,
      cookie,
      concurrency: 4,
      pauseMs: 200,
    });
    await sleep(1000);
    for (const replica of replicas) {
      await up.project.docker(['restart', '--time', '10', replica.name]);
      await up.project.waitHealthy(120_000, isOneShot);
    }
    await sleep(2000);
    const summary = await load.stop();
    log(describeLoad(summary));
    figure(
      `rolling restart of svc-content (2 replicas, one at a time): ${summary.total - summary.ok} of ${summary.total} requests failed`,
    );
    expect({ failed: summary.total - summary.ok, load: describeLoad(summary) }).toEqual({
      failed: 0,
      load: expect.any(String),
    });
  });
});
