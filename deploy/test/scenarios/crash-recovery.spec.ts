// Issue 15.3/15.4 for operators: a service whose process dies (kill -9 from the host, as the
// kernel's OOM killer would) is restarted by Docker (restart: unless-stopped), and Redis killed
// the same way comes back with the signed-in session (append-only file on its volume).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { seconds, sleep } from '../lib/exec.ts';
import {
  figure,
  hostPidOfMain,
  isOneShot,
  log,
  login,
  platform,
  restartCount,
  type Platform,
} from '../lib/platform.ts';

describe('crash recovery (restart policies)', () => {
  let up: Platform;
  let cookie: string;

  beforeAll(async () => {
    up = await platform();
    cookie = await login(up.baseUrl, up.state.admin);
  });
  afterAll(async () => {
    await up?.project.waitHealthy(120_000, isOneShot);
  });

  it.each([
    ['svc-volunteer', '/api/opportunities', ''],
    ['redis', '/api/user', ' and the session survives'],
  ] as const)(
    '%s is restarted by Docker after kill -9 (%s answers 200 again)%s',
    async (service, path, _survives) => {
      const container = (await up.project.containers()).find(
        (c) => c.service === service && c.state === 'running',
      );
      if (!container) throw new Error(`no running ${service} container`);
      const restartsBefore = await restartCount(up.project, container.name);
      if (service === 'redis') await sleep(1100); // past appendfsync everysec
      process.kill(await hostPidOfMain(up.project, container.name), 'SIGKILL');
      const killedAt = Date.now();
      const statuses = new Set<number>();
      let healedMs = -1;
      while (Date.now() - killedAt < 60_000) {
        const status = await fetch(`${up.baseUrl}${path}`, {
          headers: { cookie },
          signal: AbortSignal.timeout(5000),
        }).then(
          async (r) => {
            await r.arrayBuffer();
            return r.status;
          },
          () => 0,
        );
        statuses.add(status);
        if (status === 200 && (await restartCount(up.project, container.name)) > restartsBefore) {
          healedMs = Date.now() - killedAt;
          break;
        }
        if (status === 401) break;
        await sleep(200);
      }
      const restartsAfter = await restartCount(up.project, container.name);
      figure(
        `compose: ${path} answered 200 again ${healedMs < 0 ? 'never (60 s)' : seconds(healedMs)} after kill -9 of ${service}`,
      );
      log(
        `${path} statuses on the way: ${[...statuses].join(',')}; restart count ${restartsBefore} -> ${restartsAfter}`,
      );
      expect({ healed: healedMs >= 0, restarted: restartsAfter > restartsBefore }).toEqual({
        healed: true,
        restarted: true,
      });
      // 401 would mean the session was lost with Redis.
      expect([...statuses]).not.toContain(401);
    },
  );
});
