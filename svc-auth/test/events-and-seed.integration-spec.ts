import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { testRedisUrl, eventually } from '@district/service-kit/testing';
import { registration, startAuthService, type AuthTestService } from './support/auth-fixtures';

describe('events', () => {
  let h: AuthTestService;
  const queues: Queue[] = [];
  const queue = (name: string) => {
    const q = new Queue(name, {
      connection: { url: testRedisUrl() },
      prefix: h.config.BULLMQ_PREFIX,
    });
    queues.push(q);
    return q;
  };

  beforeAll(async () => {
    h = await startAuthService();
  });

  afterAll(async () => {
    await Promise.all(queues.map((q) => q.close()));
    await h?.close();
  });

  it('writes user.registered with the registration and the relay hands it to every replica', async () => {
    const res = await h.request('POST', '/api/register', {
      json: registration({ name: 'Evan Event', grade: 8 }),
    });
    const rows = (await h.db.query(
      `SELECT id, payload FROM auth.outbox WHERE type = 'user.registered' AND (payload->>'id')::int = $1`,
      [res.body.id],
    )) as Array<{ id: string; payload: unknown }>;
    expect(rows).toHaveLength(1);
    expect(rows[0].payload).toEqual({
      id: res.body.id,
      name: 'Evan Event',
      school: 'Jesuit High School',
      grade: 8,
      avatarUrl: null,
      isAdmin: false,
      isSupervisor: false,
      directoryVisible: true,
      language: 'en',
      restricted: false,
      active: true,
    });
    for (const consumer of ['svc-volunteer', 'svc-content', 'svc-hours']) {
      const q = queue(`events-${consumer}`);
      await eventually(
        async () => expect(await (await q.getJob(rows[0].id))?.data?.type).toBe('user.registered'),
        { timeout: 10_000 },
      );
    }
  });

  it('writes no event for a refused registration', async () => {
    const body = registration();
    await h.request('POST', '/api/register', { json: body });
    const [{ n: before }] = (await h.db.query(
      'SELECT count(*)::int AS n FROM auth.outbox',
    )) as Array<{ n: number }>;
    const dup = await h.request('POST', '/api/register', {
      json: { ...registration(), username: body.username },
    });
    expect(dup.status).toBe(400);
    const [{ n: after }] = (await h.db.query(
      'SELECT count(*)::int AS n FROM auth.outbox',
    )) as Array<{ n: number }>;
    expect(after).toBe(before);
  });

  it('credits hours.approved once per log, and ignores credits for a deleted account', async () => {
    const res = await h.request('POST', '/api/register', {
      json: registration({ serviceHours: 2 }),
    });
    const userId = res.body.id as number;
    const inbox = queue('events-svc-auth');
    const send = (logId: number, uid: number, hours: number) => {
      const event = {
        id: randomUUID(),
        type: 'hours.approved',
        payload: { logId, userId: uid, hours },
        occurredAt: new Date().toISOString(),
      };
      return inbox.add('hours.approved', event, { jobId: event.id }).then(() => event);
    };
    const first = await send(501, userId, 3.5);
    // The same log credited again (a replayed or re-emitted event) changes nothing.
    await send(501, userId, 3.5);
    await inbox.add('hours.approved', first, { jobId: `${first.id}-replay` });
    await send(502, userId, 1);
    await send(503, 999_999, 4);
    await eventually(
      async () =>
        expect(
          await (
            await h.request('GET', '/api/user', { sid: res.sid })
          ).body.serviceHours,
        ).toBe(6.5),
      {
        timeout: 10_000,
      },
    );
    await eventually(
      async () =>
        expect(await inbox.getJobCounts('completed', 'failed')).toEqual({
          completed: 5,
          failed: 0,
        }),
      { timeout: 10_000 },
    );
    expect((await h.request('GET', '/api/user', { sid: res.sid })).body.serviceHours).toBe(6.5);
    const orphan = (await h.db.query(
      'SELECT * FROM auth.hour_credits WHERE log_id = 503',
    )) as unknown[];
    expect(orphan).toHaveLength(0);
  });

  it('drops a credit on hours.revoked (attendance undone, issue 18), once', async () => {
    const res = await h.request('POST', '/api/register', {
      json: registration({ serviceHours: 1 }),
    });
    const userId = res.body.id as number;
    const inbox = queue('events-svc-auth');
    const send = (type: 'hours.approved' | 'hours.revoked', payload: Record<string, unknown>) => {
      const event = { id: randomUUID(), type, payload, occurredAt: new Date().toISOString() };
      return inbox.add(type, event, { jobId: event.id });
    };
    const total = async () =>
      (await h.request('GET', '/api/user', { sid: res.sid })).body.serviceHours as number;
    await send('hours.approved', { logId: 601, userId, hours: 2.5 });
    await send('hours.approved', { logId: 602, userId, hours: 1 });
    await eventually(async () => expect(await total()).toBe(4.5), { timeout: 10_000 });
    await send('hours.revoked', { logId: 601, userId });
    await send('hours.revoked', { logId: 601, userId });
    await eventually(async () => expect(await total()).toBe(2), { timeout: 10_000 });
    // Issue 33: an undone approval decided again (corrected to 2 hours) credits the log anew.
    await send('hours.approved', { logId: 601, userId, hours: 2 });
    await eventually(async () => expect(await total()).toBe(4), { timeout: 10_000 });
  });
});

describe('seed accounts', () => {
  const seedEnv = {
    SEED_ADMIN_USERNAME: 'admin',
    SEED_ADMIN_PASSWORD: 'admin-password-1',
    SEED_SUPERVISOR_USERNAME: 'supervisor',
    SEED_SUPERVISOR_PASSWORD: 'supervisor-password-1',
    SEED_ADMIN_EMAIL: 'admin@district.test',
    // Behind TLS: the session cookie must carry Secure.
    PUBLIC_URL: 'https://district.example',
  };
  let h: AuthTestService;

  beforeAll(async () => {
    h = await startAuthService(seedEnv);
  });

  afterAll(async () => {
    await h?.close();
  });

  it('creates the admin and the supervisor on an empty database, with their roles', async () => {
    const admin = await h.request('POST', '/api/login', {
      json: { username: 'admin', password: 'admin-password-1' },
    });
    expect(admin.status).toBe(200);
    expect(admin.body).toMatchObject({
      isAdmin: true,
      isSupervisor: false,
      email: 'admin@district.test',
      grade: 12,
    });
    const supervisor = await h.request('POST', '/api/login', {
      json: { username: 'supervisor', password: 'supervisor-password-1' },
    });
    expect(supervisor.status).toBe(200);
    expect(supervisor.body).toMatchObject({ isAdmin: false, isSupervisor: true });
    const events = (await h.db.query(
      `SELECT payload->>'id' AS id FROM auth.outbox WHERE type = 'user.registered'`,
    )) as unknown[];
    expect(events).toHaveLength(2);
  });

  it('does nothing the second time, or once the table has users', async () => {
    const { SeedService } = await import('../src/seed/seed.service');
    const seeder = h.service.app.get(SeedService);
    await seeder.onApplicationBootstrap();
    const created = await seeder.seed([
      {
        username: 'another-admin',
        password: 'whatever-123',
        email: undefined,
        name: 'X',
        isAdmin: true,
        isSupervisor: false,
      },
    ]);
    expect(created).toEqual([]);
    const [{ n }] = (await h.db.query('SELECT count(*)::int AS n FROM auth.users')) as Array<{
      n: number;
    }>;
    expect(n).toBe(2);
  });

  it('two replicas seeding at once create each account once', async () => {
    await h.db.query('DELETE FROM auth.users');
    const { SeedService, seedAccountsFrom } = await import('../src/seed/seed.service');
    const seeder = h.service.app.get(SeedService);
    const accounts = seedAccountsFrom(h.config);
    const results = await Promise.all([
      seeder.seed(accounts),
      seeder.seed(accounts),
      seeder.seed(accounts),
    ]);
    expect(results.flat().sort()).toEqual(['admin', 'supervisor']);
    const [{ n }] = (await h.db.query('SELECT count(*)::int AS n FROM auth.users')) as Array<{
      n: number;
    }>;
    expect(n).toBe(2);
  });
});
