// Issue 21: one action is followed through every service's log by its trace id alone. The
// gateway names it (X-Request-Id = the trace id of its traceparent); the services log it on
// every line, and the consumers of the events the action wrote log it too.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startPlatform, type PlatformHandle } from './platform.ts';

const DATABASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

describe('one action across all services by trace id', () => {
  let platform: PlatformHandle;
  let dataDir: string;
  const logDir = () => join(dataDir, 'logs');

  // Services whose log has a JSON line with this trace id.
  const servicesLogging = (traceId: string): string[] => {
    const found = new Set<string>();
    for (const file of readdirSync(logDir()).filter((f) => f.startsWith('svc-'))) {
      for (const line of readFileSync(join(logDir(), file), 'utf8').split('\n')) {
        if (!line.startsWith('{')) continue;
        const entry = JSON.parse(line) as { trace_id?: string; service?: string };
        if (entry.trace_id === traceId && entry.service) found.add(entry.service);
      }
    }
    return [...found].sort();
  };

  const until = async (probe: () => boolean, ms = 15_000) => {
    const end = Date.now() + ms;
    while (!probe() && Date.now() < end) await new Promise((r) => setTimeout(r, 200));
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'trace-journey-'));
    platform = await startPlatform({
      port: 0,
      databaseUrl: DATABASE_URL,
      redisUrl: REDIS_URL,
      dataDir,
      runId: `trace${randomBytes(4).toString('hex')}`,
      mailDir: join(dataDir, 'mail'),
      logDir: logDir(),
      // Consumers log each event they apply at debug level.
      env: { ...process.env, LOG_LEVEL: 'debug' },
    });
  }, 300_000);
  afterAll(async () => {
    await platform?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('follows a registration from svc-auth into every service’s users replica', async () => {
    const username = `trace_${randomBytes(4).toString('hex')}`;
    const res = await fetch(`${platform.url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username,
        password: 'trace-password-1',
        name: 'Trace Student',
        email: `${username}@example.org`,
        school: 'Jesuit High School',
        grade: 10,
      }),
    });
    expect(res.status).toBe(200);
    const traceId = res.headers.get('x-request-id')!;
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);
    const all = ['svc-auth', 'svc-content', 'svc-hours', 'svc-volunteer'];
    await until(() => servicesLogging(traceId).length === all.length);
    expect(servicesLogging(traceId)).toEqual(all);
  });

  it('follows a new opportunity from the admin’s request to svc-content’s feed', async () => {
    const login = await fetch(`${platform.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(platform.seed.admin),
    });
    const cookie = login.headers
      .getSetCookie()
      .find((c) => c.startsWith('sid='))!
      .split(';')[0]!;
    // The admin's feed cursor starts now: the poll after the create hands out what follows.
    await fetch(`${platform.url}/api/notifications`, { headers: { cookie } });
    const res = await fetch(`${platform.url}/api/opportunities`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({
        title: 'Trace the river cleanup',
        description: 'Pick up litter along the levee and sort what can be recycled.',
        location: 'Levee Park',
        date: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        spaces: 10,
      }),
    });
    expect(res.status).toBe(201);
    const traceId = res.headers.get('x-request-id')!;
    // svc-auth checked the session (the gateway's identity subrequest), svc-volunteer wrote it,
    // svc-content and svc-hours (its replica of opportunities, issue 29) consumed
    // opportunity.created.
    const all = ['svc-auth', 'svc-content', 'svc-hours', 'svc-volunteer'];
    await until(() => servicesLogging(traceId).length === all.length);
    expect(servicesLogging(traceId)).toEqual(all);
    // And into the notification the browser receives: the feed item carries the same trace id.
    const { id } = (await res.json()) as { id: number };
    let item: { traceId?: string; data: { opportunityId?: number } } | undefined;
    for (let tries = 0; tries < 50 && !item; tries++) {
      const feed = await fetch(`${platform.url}/api/notifications`, { headers: { cookie } });
      const items = (await feed.json()) as Array<{
        traceId?: string;
        data: { opportunityId?: number };
      }>;
      item = items.find((i) => i.data.opportunityId === id);
      if (!item) await new Promise((r) => setTimeout(r, 200));
    }
    expect(item?.traceId).toBe(traceId);
  });
});
