import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { identityHeader, testRedisUrl } from '@district/service-kit/testing';
import { registration, type AuthTestService } from './auth-fixtures';

export interface TestUser {
  id: number;
  // Issue 20: the opaque directory key the user's own answers carry.
  ref: string;
  sid: string;
  username: string;
  // The gateway's identity header for this user, with the roles given.
  headers: Record<string, string>;
}

export type Role = 'student' | 'supervisor' | 'admin';

// A registered account; supervisor/admin rights set in the database as an operator would.
export async function createUser(
  h: AuthTestService,
  role: Role = 'student',
  overrides: Record<string, unknown> = {},
): Promise<TestUser> {
  const body = registration(overrides);
  const res = await h.request('POST', '/api/register', { json: body });
  if (res.status !== 200) throw new Error(`register failed: ${res.status} ${res.text}`);
  const id = res.body.id as number;
  const isAdmin = role === 'admin';
  const isSupervisor = role === 'supervisor';
  if (isAdmin || isSupervisor) {
    await h.db.query('UPDATE auth.users SET is_admin = $2, is_supervisor = $3 WHERE id = $1', [
      id,
      isAdmin,
      isSupervisor,
    ]);
  }
  return {
    id,
    ref: res.body.ref as string,
    sid: res.sid!,
    username: body.username as string,
    headers: identityHeader({ id, isAdmin, isSupervisor }),
  };
}

// Rows as an older system or an import would have left them (free-text school), bypassing the API.
export async function insertLegacyUser(
  h: AuthTestService,
  fields: { name: string; school: string; grade?: number; serviceHours?: number },
): Promise<number> {
  const [row] = (await h.db.query(
    `INSERT INTO auth.users (username, password_hash, name, email, school, grade, service_hours)
     VALUES ($1, 'not-a-hash', $2, $3, $4, $5, $6) RETURNING id`,
    [
      `legacy_${randomUUID().slice(0, 12)}`,
      fields.name,
      'legacy@example.org',
      fields.school,
      fields.grade ?? 9,
      fields.serviceHours ?? 0,
    ],
  )) as Array<{ id: number }>;
  return row.id;
}

export async function outboxRows(
  h: AuthTestService,
  type: string,
  userId: number,
): Promise<Array<{ id: string; payload: Record<string, unknown> }>> {
  return (await h.db.query(
    `SELECT id, payload FROM auth.outbox WHERE type = $1 AND (payload->>'id')::int = $2 ORDER BY seq`,
    [type, userId],
  )) as Array<{ id: string; payload: Record<string, unknown> }>;
}

export async function outboxCount(h: AuthTestService): Promise<number> {
  const [{ n }] = (await h.db.query('SELECT count(*)::int AS n FROM auth.outbox')) as Array<{
    n: number;
  }>;
  return n;
}

// svc-hours' side of hours.approved, put straight on svc-auth's queue as the relay would.
export class HoursApprovedSender {
  private readonly queue: Queue;

  constructor(h: AuthTestService) {
    this.queue = new Queue('events-svc-auth', {
      connection: { url: testRedisUrl() },
      prefix: h.config.BULLMQ_PREFIX,
    });
  }

  async send(logId: number, userId: number, hours: number): Promise<string> {
    const event = {
      id: randomUUID(),
      type: 'hours.approved',
      payload: { logId, userId, hours },
      occurredAt: new Date().toISOString(),
    };
    await this.queue.add('hours.approved', event, { jobId: event.id });
    return event.id;
  }

  async settled(): Promise<{ completed: number; failed: number; active: number; waiting: number }> {
    return (await this.queue.getJobCounts('completed', 'failed', 'active', 'waiting')) as {
      completed: number;
      failed: number;
      active: number;
      waiting: number;
    };
  }

  close(): Promise<void> {
    return this.queue.close();
  }
}
