// Issue 15's fault suite, against a whole platform with its own embedded PostgreSQL and
// redis-server (so killing them touches nobody else): each fault is injected under load, bounded
// in time, and the test asserts that nothing is lost and every client got a clean answer.
// The outbox faults hold a step with CLIENT PAUSE WRITE (BullMQ's scripts wait, session reads go
// on) so the kill lands exactly between commit and publish, or between apply and acknowledge.
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { isRunnable, startPlatform, type PlatformHandle } from './platform.ts';

const runnable = ['svc-auth', 'svc-volunteer', 'svc-content'].every((name) =>
  isRunnable({ name, schema: '', upstream: '' }),
);

interface Answer {
  path: string;
  status: number;
  json: unknown;
  contentType: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

class Client {
  cookie = '';
  private readonly base: string;
  constructor(base: string) {
    this.base = base;
  }

  async call(method: string, path: string, body?: unknown): Promise<Answer> {
    try {
      const response = await fetch(`${this.base}${path}`, {
        method,
        headers: {
          ...(this.cookie ? { cookie: this.cookie } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
      const setCookie = response.headers.getSetCookie().find((c) => c.startsWith('sid='));
      if (setCookie) this.cookie = setCookie.split(';')[0] as string;
      const text = await response.text();
      let json: unknown = null;
      try {
        json = text ? JSON.parse(text) : null;
      } catch {
        json = { notJson: text.slice(0, 200) };
      }
      return {
        path: `${method} ${path}`,
        status: response.status,
        json,
        contentType: response.headers.get('content-type') ?? '',
      };
    } catch (error) {
      // The connection failed (or timed out): what a browser shows as a network error.
      return {
        path: `${method} ${path}`,
        status: 0,
        json: { network: String(error) },
        contentType: '',
      };
    }
  }
}

// Retries while the answer is a "try again" one (network, 502, 503), as a person clicking again.
async function untilSettled(
  attempt: () => Promise<Answer>,
  within: number,
  seen: Answer[],
): Promise<Answer> {
  const deadline = Date.now() + within;
  for (;;) {
    const answer = await attempt();
    seen.push(answer);
    if (![0, 502, 503].includes(answer.status) || Date.now() > deadline) return answer;
    await sleep(200);
  }
}

// The services' logged unexpected errors (a 500's cause), first lines only.
function unhandledErrors(dir: string): string[] {
  return readdirSync(dir).flatMap((file) =>
    readFileSync(join(dir, file), 'utf8')
      .split('\n')
      .filter((line) => line.includes('unhandled error'))
      .map((line) => `${file}: ${line.slice(0, 600)}`),
  );
}

// Under /api a server error is never a 500, and every error is JSON.
function problems(answers: Answer[]): string[] {
  const out: string[] = [];
  for (const a of answers) {
    if (a.status >= 500 && a.status !== 502 && a.status !== 503)
      out.push(`${a.path}: ${a.status} ${JSON.stringify(a.json).slice(0, 160)}`);
    if (a.status >= 400 && !a.contentType.includes('application/json'))
      out.push(`${a.path}: ${a.status} not JSON: ${a.contentType}`);
  }
  return out;
}

const ok = (a: Answer) => a.status >= 200 && a.status < 300;

function futureDate(): string {
  return new Date(Date.now() + 7 * 86_400_000).toISOString();
}

(runnable ? describe : describe.skip)('fault suite (issue 15)', () => {
  let platform: PlatformHandle;
  let dataDir: string;
  let admin: Client;
  const consoleError = console.error;
  const runnerLines: string[] = [];

  async function register(count: number, tag: string): Promise<Client[]> {
    return Promise.all(
      Array.from({ length: count }, async (_, i) => {
        const client = new Client(platform.url);
        const suffix = `${tag}${i}${randomBytes(2).toString('hex')}`;
        const answer = await client.call('POST', '/api/register', {
          username: `fault_${suffix}`,
          password: `pw-${randomBytes(6).toString('hex')}`,
          name: `Fault Student ${suffix}`,
          email: `fault_${suffix}@example.test`,
          school: 'East Jefferson High School',
          grade: 10,
          serviceHours: 0,
        });
        expect(answer.status).toBe(200);
        return client;
      }),
    );
  }

  async function createOpportunity(title: string, spaces: number, seen: Answer[]) {
    const answer = await untilSettled(
      () =>
        admin.call('POST', '/api/opportunities', {
          title,
          description: 'A fault-suite opportunity',
          location: 'Gym',
          date: futureDate(),
          spaces,
        }),
      30_000,
      seen,
    );
    expect(ok(answer)).toBe(true);
    return answer.json as { id: number; filled: number; spaces: number };
  }

  // Polls every student's feed as the page does until each has every title (bounded), then once
  // more so a late duplicate would show; returns what each student received, duplicates included.
  async function collectFeeds(
    students: Client[],
    prefix: string,
    titles: string[],
    within: number,
    seen: Answer[],
  ): Promise<string[][]> {
    const received = students.map(() => [] as string[]);
    const poll = async () => {
      for (const [i, student] of students.entries()) {
        const answer = await student.call('GET', '/api/notifications');
        seen.push(answer);
        expect(answer.status).not.toBe(401);
        if (answer.status === 200)
          for (const item of answer.json as Array<{ data: { title: string } }>)
            if (item.data.title.startsWith(prefix)) received[i]?.push(item.data.title);
      }
    };
    const deadline = Date.now() + within;
    while (Date.now() < deadline && received.some((r) => titles.some((t) => !r.includes(t)))) {
      await poll();
      await sleep(250);
    }
    await sleep(1500);
    await poll();
    return received;
  }

  // The platform's own Redis, for CLIENT PAUSE: write commands (BullMQ's scripts among them)
  // are held, not refused, while reads (the gateway's session check) go on.
  async function pauseRedisWrites(ms: number): Promise<() => Promise<void>> {
    const redis = new Redis(platform.redis.url, { maxRetriesPerRequest: 1 });
    await redis.call('CLIENT', 'PAUSE', String(ms), 'WRITE');
    let done = false;
    return async () => {
      if (done) return;
      done = true;
      await redis.call('CLIENT', 'UNPAUSE');
      redis.disconnect();
    };
  }

  async function database(service: string): Promise<pg.Client> {
    const url = platform.databases[service];
    if (!url) throw new Error(`no database for ${service}`);
    const client = new pg.Client({ connectionString: url });
    // A test that fails early leaves it open until the platform stops under it.
    client.on('error', () => undefined);
    await client.connect();
    return client;
  }

  async function killAndAwaitRestart(name: string, beforeRestart?: () => Promise<void>) {
    const service = platform.services.find((s) => s.name === name);
    if (!service) throw new Error(`${name} is not running`);
    const old = service.process;
    const restarted = service.supervisor.nextRestart();
    process.kill(old.pid, 'SIGKILL');
    await old.exited;
    const killedAt = Date.now();
    await beforeRestart?.();
    const next = await restarted;
    return { oldPid: old.pid, newPid: next.pid, killedAt, restartedAt: Date.now() };
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'faults-spec-'));
    // The embedded cluster runs as the postgres user when we are root.
    chmodSync(dataDir, 0o755);
    console.error = (...args: unknown[]) => {
      runnerLines.push(args.map(String).join(' '));
    };
    platform = await startPlatform({
      port: 0,
      // Its own PostgreSQL and Redis: this suite stops and kills them.
      dataDir,
      runId: `fault${randomBytes(4).toString('hex')}`,
      mailDir: join(dataDir, 'mail'),
      logDir: join(dataDir, 'logs'),
    });
    admin = new Client(platform.url);
    const login = await admin.call('POST', '/api/login', platform.seed.admin);
    expect(login.status).toBe(200);
  }, 240_000);

  afterAll(async () => {
    await platform?.stop();
    console.error = consoleError;
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('kill -9 svc-volunteer mid-burst of sign-ups: capacity and counts stay consistent', async () => {
    const spaces = 8;
    const students = await register(24, 'burst');
    const seen: Answer[] = [];
    const opportunity = await createOpportunity(
      `Burst ${randomBytes(3).toString('hex')}`,
      spaces,
      seen,
    );
    const service = platform.services.find((s) => s.name === 'svc-volunteer');
    if (!service) throw new Error('svc-volunteer is not running');
    const pid = service.process.pid;
    const started = Date.now();
    // The burst: everyone at once; svc-volunteer is killed while it is being served.
    const burst = students.map((student) =>
      untilSettled(
        () => student.call('POST', `/api/opportunities/${opportunity.id}/signup`),
        30_000,
        seen,
      ),
    );
    await sleep(30);
    process.kill(pid, 'SIGKILL');
    const answers = await Promise.all(burst);
    const took = Date.now() - started;

    // The gateway may reach the new process a moment before the supervisor's readiness poll
    // (every 150 ms) records it as the current one.
    for (const deadline = Date.now() + 10_000; service.process.pid === pid; await sleep(100))
      if (Date.now() > deadline) break;
    expect(service.process.pid).not.toBe(pid);
    expect(problems(seen)).toEqual([]);
    // Every student got a final answer: signed up, or a 409 (full, or already signed up when
    // their first try went through before the kill and the answer was lost).
    expect(answers.filter((a) => !ok(a) && a.status !== 409).map((a) => a.status)).toEqual([]);
    const list = await admin.call('GET', `/api/opportunities/${opportunity.id}/signups`);
    expect(list.status).toBe(200);
    const signups = list.json as Array<{ name: string }>;
    const all = await admin.call('GET', '/api/opportunities');
    const after = (all.json as Array<{ id: number; filled: number; spaces: number }>).find(
      (o) => o.id === opportunity.id,
    );
    // Capacity held, the count matches the list, nobody twice, and no seat lost to the crash.
    expect(signups).toHaveLength(spaces);
    expect(after?.filled).toBe(spaces);
    expect(new Set(signups.map((s) => s.name)).size).toBe(spaces);
    expect(answers.filter(ok).length).toBeLessThanOrEqual(spaces);
    consoleError(
      `faults: burst of ${students.length} sign-ups for ${spaces} spaces with svc-volunteer killed: settled in ${took} ms; statuses seen ${[...new Set(seen.map((a) => a.status))].join(',')}`,
    );
  }, 120_000);

  it('kill -9 Redis with students signed in and events in flight: sessions kept, every opportunity.created in every feed once', async () => {
    const students = await register(4, 'feed');
    // Each student's first poll starts their cursor at "now".
    for (const student of students)
      expect((await student.call('GET', '/api/notifications')).status).toBe(200);
    const seen: Answer[] = [];
    const tag = randomBytes(3).toString('hex');
    const titles = Array.from({ length: 8 }, (_, i) => `Feed ${tag} ${i}`);
    const redisPid = platform.redis.process?.pid ?? -1;
    expect(redisPid).toBeGreaterThan(0);
    const started = Date.now();
    for (const [i, title] of titles.entries()) {
      if (i === 4) {
        // Past appendfsync everysec for what came before; then the crash, events in flight.
        await sleep(1100);
        process.kill(redisPid, 'SIGKILL');
      }
      await createOpportunity(title, 5, seen);
    }
    // Every student's feed, polled as the page does, until every title arrived (bounded).
    const received = students.map(() => [] as string[]);
    const deadline = Date.now() + 45_000;
    while (Date.now() < deadline && received.some((r) => titles.some((t) => !r.includes(t)))) {
      for (const [i, student] of students.entries()) {
        const answer = await student.call('GET', '/api/notifications');
        seen.push(answer);
        expect(answer.status).not.toBe(401);
        if (answer.status === 200)
          for (const item of answer.json as Array<{ data: { title: string } }>)
            if (item.data.title.startsWith(`Feed ${tag}`)) received[i]?.push(item.data.title);
      }
      await sleep(500);
    }
    const took = Date.now() - started;
    expect(platform.redis.process?.pid).not.toBe(redisPid);
    for (const r of received) expect([...r].sort()).toEqual([...titles].sort());
    expect(problems(seen)).toEqual([]);
    for (const student of students)
      expect((await student.call('GET', '/api/user')).status).toBe(200);
    consoleError(
      `faults: Redis killed with ${students.length} students signed in and ${titles.length} opportunities being announced: every feed got each once in ${took} ms; statuses seen ${[...new Set(seen.map((a) => a.status))].join(',')}`,
    );
  }, 120_000);

  it('PostgreSQL stopped for 5 s under load: 503 JSON, never 500, writes work after without a service restart', async () => {
    const [student] = await register(1, 'pg');
    if (!student) throw new Error('no student');
    const seen: Answer[] = [];
    const opportunity = await createOpportunity(
      `Outage ${randomBytes(3).toString('hex')}`,
      50,
      seen,
    );
    const pids = platform.services.map((s) => s.process.pid);
    const supervisor = platform.postgres.supervisor;
    if (!supervisor) throw new Error('the platform does not run its own PostgreSQL');
    let loading = true;
    const during: Answer[] = [];
    const load = (async () => {
      while (loading) {
        const batch = await Promise.all([
          student.call('GET', '/api/opportunities?status=active'),
          student.call('GET', '/api/user'),
          student.call('GET', `/api/opportunities/${opportunity.id}/signups`),
          admin.call('POST', '/api/opportunities', {
            title: `During ${randomBytes(3).toString('hex')}`,
            description: 'written while PostgreSQL is down',
            location: 'Gym',
            date: futureDate(),
            spaces: 3,
          }),
        ]);
        during.push(...batch);
        await sleep(100);
      }
    })();
    await sleep(500);
    await supervisor.pause();
    const stoppedAt = Date.now();
    await sleep(5000);
    await supervisor.resume();
    const downFor = Date.now() - stoppedAt;
    await sleep(500);
    loading = false;
    await load;

    // After recovery, writes work through the same service processes.
    const signup = await untilSettled(
      () => student.call('POST', `/api/opportunities/${opportunity.id}/signup`),
      20_000,
      seen,
    );
    expect(ok(signup)).toBe(true);
    const created = await createOpportunity(`After ${randomBytes(3).toString('hex')}`, 2, seen);
    expect(created.id).toBeGreaterThan(0);
    expect(platform.services.map((s) => s.process.pid)).toEqual(pids);

    const statuses = [...new Set(during.map((a) => a.status))].sort();
    expect(during.some((a) => a.status === 503)).toBe(true);
    // A 500 names its cause: the services' "unhandled error" lines travel with the failure.
    const found = problems([...during, ...seen]);
    expect(found.length ? [...found, ...unhandledErrors(join(dataDir, 'logs'))] : found).toEqual(
      [],
    );
    expect(
      during.filter((a) => a.status === 503).every((a) => a.contentType.includes('json')),
    ).toBe(true);
    consoleError(
      `faults: PostgreSQL down ${downFor} ms under load: ${during.length} requests, statuses ${statuses.join(',')}; writes after recovery ok, no service restarted`,
    );
  }, 120_000);
  it('kill -9 svc-volunteer after a create is committed and before its relay publishes: every feed gets it once after the restart', async () => {
    const students = await register(3, 'relay');
    for (const student of students)
      expect((await student.call('GET', '/api/notifications')).status).toBe(200);
    const seen: Answer[] = [];
    const tag = randomBytes(3).toString('hex');
    const titles = Array.from({ length: 3 }, (_, i) => `Relay ${tag} ${i}`);
    const volunteerDb = await database('svc-volunteer');
    const contentDb = await database('svc-content');
    // Publishing is held from before the first create, so no event can slip out before the kill.
    const unpause = await pauseRedisWrites(30_000);
    let restart: Awaited<ReturnType<typeof killAndAwaitRestart>>;
    const ids: number[] = [];
    try {
      for (const title of titles) ids.push((await createOpportunity(title, 5, seen)).id);
      await sleep(1000);
      // Committed with their outbox rows, none published: the relay is stuck in its addBulk.
      const held = await volunteerDb.query<{ title: string; published_at: Date | null }>(
        `SELECT "payload"->>'title' AS "title", "published_at" FROM "volunteer"."outbox"
          WHERE "type" = 'opportunity.created' AND "payload"->>'title' = ANY($1)`,
        [titles],
      );
      expect(held.rows.map((r) => r.title).sort()).toEqual([...titles].sort());
      expect(held.rows.filter((r) => r.published_at !== null)).toEqual([]);
      // The process dies with the publish in hand; Redis comes back before the restart.
      restart = await killAndAwaitRestart('svc-volunteer', async () => {
        await sleep(200); // the dead client's held commands are dropped, not run, on unpause
        await unpause();
      });
    } finally {
      await unpause();
    }
    const received = await collectFeeds(students, `Relay ${tag}`, titles, 45_000, seen);
    const tookAfterRestart = Date.now() - restart.restartedAt;

    expect(restart.newPid).not.toBe(restart.oldPid);
    for (const r of received) expect([...r].sort()).toEqual([...titles].sort());
    const items = await contentDb.query<{ opportunity_id: number; n: number }>(
      `SELECT "opportunity_id", count(*)::int AS "n" FROM "content"."notification_items"
        WHERE "opportunity_id" = ANY($1) GROUP BY "opportunity_id"`,
      [ids],
    );
    expect(items.rows.map((r) => r.n)).toEqual(ids.map(() => 1));
    const published = await volunteerDb.query<{ n: number }>(
      `SELECT count(*)::int AS "n" FROM "volunteer"."outbox"
        WHERE "payload"->>'title' = ANY($1) AND "published_at" IS NOT NULL`,
      [titles],
    );
    expect(published.rows[0]?.n).toBe(titles.length);
    expect(problems(seen)).toEqual([]);
    await Promise.all([volunteerDb.end(), contentDb.end()]);
    consoleError(
      `faults: svc-volunteer killed with ${titles.length} committed, unpublished opportunity.created events: restarted ${restart.restartedAt - restart.killedAt} ms after the kill, every one of ${students.length} feeds had each once ${tookAfterRestart} ms after the restart`,
    );
  }, 120_000);

  it('kill -9 svc-content with an event applied but not acknowledged and more in flight: each applied once after the restart', async () => {
    const students = await register(3, 'consumer');
    for (const student of students)
      expect((await student.call('GET', '/api/notifications')).status).toBe(200);
    const seen: Answer[] = [];
    const tag = randomBytes(3).toString('hex');
    const titles = Array.from({ length: 6 }, (_, i) => `Consumer ${tag} ${i}`);
    const contentDb = await database('svc-content');
    const volunteerDb = await database('svc-volunteer');
    // The feed handler takes this advisory lock first thing: holding it keeps the first event's
    // transaction open inside svc-content until we let go.
    const holder = await database('svc-content');
    await holder.query('BEGIN');
    await holder.query(`SELECT pg_advisory_xact_lock(hashtext('content.notification_items'))`);
    let unpause: (() => Promise<void>) | undefined;
    let restart: Awaited<ReturnType<typeof killAndAwaitRestart>>;
    const ids: number[] = [];
    try {
      ids.push((await createOpportunity(titles[0] as string, 5, seen)).id);
      const waiting = async () =>
        (
          await contentDb.query<{ n: number }>(
            `SELECT count(*)::int AS "n" FROM pg_locks WHERE "locktype" = 'advisory'
              AND NOT "granted" AND "database" = (SELECT oid FROM pg_database WHERE datname = current_database())`,
          )
        ).rows[0]?.n ?? 0;
      for (const deadline = Date.now() + 20_000; (await waiting()) === 0; await sleep(100))
        expect(Date.now() < deadline).toBe(true);
      // The worker's acknowledgement (a BullMQ script) will be held; then the handler commits.
      unpause = await pauseRedisWrites(60_000);
      await holder.query('COMMIT');
      const applied = async () =>
        (
          await contentDb.query(
            `SELECT 1 FROM "content"."notification_items" WHERE "opportunity_id" = $1`,
            [ids[0]],
          )
        ).rows.length;
      for (const deadline = Date.now() + 10_000; (await applied()) === 0; await sleep(50))
        expect(Date.now() < deadline).toBe(true);
      await sleep(300);
      // Applied, not acknowledged: kill, let Redis go, and queue the rest while it is down.
      restart = await killAndAwaitRestart('svc-content', async () => {
        await sleep(200);
        await unpause?.();
        for (const title of titles.slice(1)) ids.push((await createOpportunity(title, 5, seen)).id);
      });
    } finally {
      await holder.end().catch(() => undefined);
      await unpause?.();
    }
    const received = await collectFeeds(students, `Consumer ${tag}`, titles, 45_000, seen);
    const feedsAfterRestart = Date.now() - restart.restartedAt;
    // The first event is still active in BullMQ under the dead worker's lock. It comes back once
    // the lock runs out (10 s) and the new worker's stalled check (every 5 s) moves it.
    const first = await volunteerDb.query<{ id: string }>(
      `SELECT "id" FROM "volunteer"."outbox" WHERE "payload"->>'id' = $1`,
      [String(ids[0])],
    );
    const eventId = first.rows[0]?.id;
    const redis = new Redis(platform.redis.url, { maxRetriesPerRequest: 1 });
    let job: Record<string, string>;
    try {
      for (
        const deadline = Date.now() + 60_000;
        (job = await redis.hgetall(`${platform.bullmqPrefix}:events-svc-content:${eventId}`)),
          !job.finishedOn && !job.failedReason;
        await sleep(500)
      ) {
        expect(Date.now() < deadline).toBe(true);
      }
    } finally {
      redis.disconnect();
    }
    const redeliveredAfterRestart = Date.now() - restart.restartedAt;
    // Whatever the redelivery added would be in the feeds now.
    const late = await collectFeeds(students, `Consumer ${tag}`, [], 0, seen);
    for (const [i, r] of received.entries()) r.push(...(late[i] ?? []));

    expect(restart.newPid).not.toBe(restart.oldPid);
    // Delivered a second time (BullMQ's stalled counter), completed, not failed...
    expect(Number(job.stc)).toBeGreaterThanOrEqual(1);
    expect(job.failedReason).toBeUndefined();
    // ...and applied once: one feed item per opportunity, each title once in every feed.
    for (const r of received) expect([...r].sort()).toEqual([...titles].sort());
    const items = await contentDb.query<{ opportunity_id: number; n: number }>(
      `SELECT "opportunity_id", count(*)::int AS "n" FROM "content"."notification_items"
        WHERE "opportunity_id" = ANY($1) GROUP BY "opportunity_id" ORDER BY "opportunity_id"`,
      [ids],
    );
    expect(items.rows.map((r) => r.n)).toEqual(ids.map(() => 1));
    const processed = await contentDb.query<{ n: number }>(
      `SELECT count(*)::int AS "n" FROM "content"."processed_events" WHERE "event_id" = $1`,
      [eventId],
    );
    expect(processed.rows[0]?.n).toBe(1);
    expect(problems(seen)).toEqual([]);
    await Promise.all([volunteerDb.end(), contentDb.end()]);
    consoleError(
      `faults: svc-content killed with 1 event applied but unacknowledged and ${titles.length - 1} queued: restarted ${restart.restartedAt - restart.killedAt} ms after the kill, every one of ${students.length} feeds had each once ${feedsAfterRestart} ms after the restart; the unacknowledged one redelivered (stalled ${job.stc}x) and acknowledged ${redeliveredAfterRestart} ms after the restart, applied once`,
    );
  }, 180_000);
});
