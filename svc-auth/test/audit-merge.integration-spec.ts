import { Module } from '@nestjs/common';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AuditModule, CreateAuditLog1765000000000, DatabaseModule } from '@district/service-kit';
import {
  clearRedisPrefix,
  createTestDatabase,
  identityHeader,
  startTestService,
  testServiceConfig,
  type TestDatabase,
  type TestService,
} from '@district/service-kit/testing';
import { startAuthService, type AuthHarness } from './support/auth-service-harness';
import { createUser, type TestUser } from './support/directory-fixtures';

// Another service as it adopts the kit's audit piece: its migration, AuditModule, nothing else.
@Module({
  imports: [
    DatabaseModule.forRoot({ migrations: [CreateAuditLog1765000000000] }),
    AuditModule.forRoot(),
  ],
})
class VolunteerLikeModule {}

let volunteerDb: TestDatabase;
let volunteer: TestService;
let volunteerPrefix: string;
let h: AuthHarness;
let admin: TestUser;

beforeAll(async () => {
  volunteerDb = await createTestDatabase('volunteer');
  const config = testServiceConfig({ DB_SCHEMA: 'volunteer', DATABASE_URL: volunteerDb.url });
  volunteerPrefix = config.BULLMQ_PREFIX;
  volunteer = await startTestService(VolunteerLikeModule, config, { service: 'svc-volunteer' });
  h = await startAuthService({ AUDIT_UPSTREAMS: `svc-volunteer=${volunteer.url}` });
  admin = await createUser(h, 'admin', { name: 'Ada Merge' });
});

afterAll(async () => {
  await h?.close();
  await volunteer?.close();
  await clearRedisPrefix(volunteerPrefix);
  await volunteerDb?.drop();
});

// Records at chosen instants, straight into each service's table (as each service would write).
async function seed(
  query: (sql: string, params: unknown[]) => Promise<unknown>,
  schema: string,
  action: string,
  instants: string[],
): Promise<void> {
  for (const at of instants) {
    await query(
      `INSERT INTO "${schema}"."audit_log" (at, actor_id, action, target_type, target_id, outcome)
       VALUES ($1, $2, $3, 'thing', '1', 'success')`,
      [at, admin.id, action],
    );
  }
}

interface Item {
  id: string;
  service: string;
  at: string;
  action: string;
  actorName: string | null;
}

async function allPages(query: string, pageSize: number): Promise<Item[]> {
  const seen: Item[] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 100; guard += 1) {
    const res: { status: number; body: { items: Item[]; nextCursor: string | null } } = await h.api(
      'GET',
      `/api/audit?pageSize=${pageSize}${query}${cursor ? `&cursor=${cursor}` : ''}`,
      { headers: admin.headers },
    );
    expect(res.status).toBe(200);
    seen.push(...res.body.items);
    cursor = res.body.nextCursor;
    if (!cursor) return seen;
  }
  throw new Error('paging did not end');
}

describe('GET /api/audit merges other services’ /internal/audit', () => {
  it('interleaves both services newest first, ties included, across pages of any size', async () => {
    const volunteerSql = async (sql: string, params: unknown[]) => {
      const client = new Client({ connectionString: volunteerDb.url });
      await client.connect();
      try {
        return await client.query(sql, params);
      } finally {
        await client.end();
      }
    };
    // The same instant in both services, and runs of several records at one instant.
    const t = (s: number) => `2026-01-01T00:00:${String(s).padStart(2, '0')}.000000Z`;
    await seed((sql, p) => h.db.query(sql, p), 'auth', 'user.delete', [
      t(1),
      t(3),
      t(3),
      t(5),
      t(7),
    ]);
    await seed(volunteerSql, 'volunteer', 'opportunity.create', [
      t(2),
      t(3),
      t(3),
      t(6),
      t(7),
      t(8),
    ]);

    const reference = await allPages('&to=2026-01-02', 50);
    expect(reference).toHaveLength(11);
    expect(reference.map((r) => r.at)).toEqual([...reference.map((r) => r.at)].sort().reverse());
    expect(new Set(reference.map((r) => r.service))).toEqual(
      new Set(['svc-auth', 'svc-volunteer']),
    );
    // Actor names come from svc-auth's users, for other services' records too.
    expect(reference.every((r) => r.actorName === 'Ada Merge')).toBe(true);
    for (const size of [1, 2, 3, 4, 7]) {
      const paged = await allPages('&to=2026-01-02', size);
      expect(paged.map((r) => r.id)).toEqual(reference.map((r) => r.id));
    }
  });

  it('passes the filters on to every service', async () => {
    const created = await allPages('&action=opportunity.create', 2);
    expect(created).toHaveLength(6);
    expect(created.every((r) => r.service === 'svc-volunteer')).toBe(true);
    const early = await allPages('&from=2026-01-01T00:00:06Z&to=2026-01-01T00:00:07Z', 2);
    expect(early.map((r) => r.at.slice(17, 19)).sort()).toEqual(['06', '07', '07']);
  });

  it('keeps /internal/audit for admins, and answers 503 when a service cannot be reached', async () => {
    const student = identityHeader({ id: 99 });
    const refused = await fetch(`${volunteer.url}/internal/audit`, { headers: student });
    expect(refused.status).toBe(403);
    await volunteer.close();
    const res = await h.api('GET', '/api/audit', { headers: admin.headers });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ statusCode: 503, message: 'Service temporarily unavailable' });
  });
});
