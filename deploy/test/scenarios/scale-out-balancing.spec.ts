// Scale-out and balancing: `docker compose up --scale` adds replicas of svc-volunteer and
// svc-content; the gateway spreads requests over all of them, events reach the scaled BullMQ
// consumers, the archive job stays scheduled once, and notification streams on every replica
// get a new opportunity.
import { beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { seconds, sleep } from '../lib/exec.ts';
import {
  createOpportunity,
  gatewayAccess,
  log,
  login,
  platform,
  register,
  scale,
  upstreamIps,
  type Platform,
} from '../lib/platform.ts';

describe('scale-out and balancing', () => {
  let up: Platform;
  let cookie: string;
  let scaledIn = '';

  beforeAll(async () => {
    up = await platform();
    cookie = await login(up.baseUrl, up.state.admin);
    const started = Date.now();
    await scale(up.project, { 'svc-volunteer': 3, 'svc-content': 2 });
    scaledIn = seconds(Date.now() - started);
  });

  it('docker compose up --scale svc-volunteer=3 --scale svc-content=2', async () => {
    const states = await up.project.containers();
    const running = (service: string) =>
      states.filter((c) => c.service === service && c.state === 'running').length;
    log(`replicas running after ${scaledIn}`);
    expect({
      'svc-volunteer': running('svc-volunteer'),
      'svc-content': running('svc-content'),
    }).toEqual({ 'svc-volunteer': 3, 'svc-content': 2 });
  });

  // The gateway balances across every replica (it learns new addresses within seconds).
  it.each([
    ['svc-volunteer', '/api/opportunities', 3],
    ['svc-content', '/api/blog-posts', 2],
  ] as const)(
    'the gateway balances %s traffic (%s) across all %i replicas',
    async (service, path, replicas) => {
      const deadline = Date.now() + 30_000;
      let seen: Set<string>;
      do {
        const since = new Date(Date.now() - 1000).toISOString();
        await Promise.all(
          Array.from({ length: 24 }, () =>
            fetch(`${up.baseUrl}${path}`, { headers: { cookie } }).then(
              (r) => r.text(),
              () => '',
            ),
          ),
        );
        await sleep(300);
        seen = upstreamIps(await gatewayAccess(up.project, since), path);
      } while (Date.now() < deadline && seen.size < replicas);
      const replicaIps = (await up.project.containers())
        .filter((c) => c.service === service)
        .map((c) => c.ip)
        .sort();
      log(`upstreams answering ${path}: ${[...seen].join(', ') || 'none'}`);
      expect([...seen].filter((ip) => replicaIps.includes(ip)).sort()).toEqual(replicaIps);
    },
  );

  // A new user's sign-up shows their name, which svc-volunteer only knows from the
  // user.registered event.
  it('user.registered reaches the scaled svc-volunteer (BullMQ workers share the queue)', async () => {
    const username = `scale_${randomBytes(3).toString('hex')}`;
    const name = `Scale Student ${username.slice(6).toUpperCase()}`;
    const newcomer = await register(up.baseUrl, {
      username,
      password: `pw-${randomBytes(6).toString('hex')}`,
      name,
      school: 'Jesuit High School',
      grade: 11,
    });
    expect(newcomer).toEqual({ ok: true, status: expect.any(Number), cookie: expect.any(String) });
    const created = await createOpportunity(up.baseUrl, cookie, {
      title: `Scaled food drive ${randomBytes(2).toString('hex')}`,
      description: 'Sorting cans at the parish food bank.',
      location: 'Metairie',
      inDays: 9,
      spaces: 10,
    });
    expect(created).toEqual({ ok: true, status: expect.any(Number), id: expect.any(Number) });
    const headers = { cookie: newcomer.cookie ?? '' };
    const deadline = Date.now() + 20_000;
    let names: string[] = [];
    while (Date.now() < deadline && !names.some((n) => n.includes(name))) {
      await fetch(`${up.baseUrl}/api/opportunities/${created.id}/signup`, {
        method: 'POST',
        headers,
      }).then((r) => r.arrayBuffer());
      const list = await fetch(`${up.baseUrl}/api/opportunities/${created.id}/signups`, {
        headers,
      });
      names = list.ok ? ((await list.json()) as Array<{ name: string }>).map((s) => s.name) : [];
      if (!names.some((n) => n.includes(name))) await sleep(500);
    }
    expect(names).toContainEqual(expect.stringContaining(name));
  });

  // One job scheduler in Redis however many replicas registered it.
  it('the archive job is scheduled once, not once per replica', async () => {
    const redis = (await up.project.containers()).find((c) => c.service === 'redis');
    if (!redis) throw new Error('no redis container');
    const cli = (...args: string[]) =>
      up.project.docker(['exec', redis.name, 'redis-cli', ...args], { allowFailure: true });
    const keys = (await cli('--scan', '--pattern', '*:repeat')).stdout.split('\n').filter(Boolean);
    const counts: Record<string, number> = {};
    for (const key of keys) counts[key] = Number((await cli('ZCARD', key)).stdout.trim());
    log(`job schedulers: ${JSON.stringify(counts)}`);
    const archive = Object.entries(counts).filter(([key]) => /archive/i.test(key));
    expect(archive).toEqual([[expect.stringMatching(/archive/i), 1]]);
  });

  // Four users, each with one notification stream; least_conn spreads the streams over the
  // replicas. One new opportunity must reach every user, whichever replica holds their stream.
  it('SSE fan-out reaches users on every svc-content replica', async () => {
    const since = new Date(Date.now() - 1000).toISOString();
    const cookies: string[] = [];
    for (let i = 0; i < 4; i++) {
      const username = `sse_${randomBytes(3).toString('hex')}`;
      const user = await register(up.baseUrl, {
        username,
        password: `pw-${randomBytes(6).toString('hex')}`,
        name: `Stream Student ${username.slice(4)}`,
        school: 'Haynes Academy for Advanced Studies',
        grade: 9,
      });
      expect(user).toEqual({ ok: true, status: expect.any(Number), cookie: expect.any(String) });
      cookies.push(user.cookie ?? '');
    }
    const title = `Fan-out ${randomBytes(2).toString('hex')}`;
    const controllers = cookies.map(() => new AbortController());
    const received = cookies.map(() => false);
    const streams = cookies.map(async (streamCookie, i) => {
      const response = await fetch(`${up.baseUrl}/api/notifications/stream`, {
        headers: { cookie: streamCookie, accept: 'text/event-stream' },
        signal: controllers[i].signal,
      });
      const reader = response.body?.getReader();
      const decoder = new TextDecoder();
      let text = '';
      while (reader) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value);
        if (text.includes(title)) {
          received[i] = true;
          break;
        }
      }
    });
    await sleep(2000);
    const created = await createOpportunity(up.baseUrl, cookie, {
      title,
      description: 'Checking that every replica pushes.',
      location: 'Kenner',
      inDays: 5,
      spaces: 3,
    });
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && received.some((r) => !r)) await sleep(200);
    for (const controller of controllers) controller.abort();
    await Promise.allSettled(streams);
    await sleep(1500);
    const replicas = upstreamIps(
      await gatewayAccess(up.project, since),
      '/api/notifications/stream',
    );
    log(
      `${received.filter(Boolean).length} of ${received.length} users' streams got the new opportunity; streams held by ${replicas.size} replicas (${[...replicas].join(', ')})`,
    );
    expect(created).toMatchObject({ ok: true });
    expect(received).toEqual([true, true, true, true]);
    expect(replicas.size).toBeGreaterThanOrEqual(2);
  });
});
