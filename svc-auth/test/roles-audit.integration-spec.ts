import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { API_MESSAGES, VALIDATION } from '@district/contracts';
import { verifyIdentityToken } from '@district/service-kit';
import { TEST_IDENTITY_SECRET } from '@district/service-kit/testing';
import { registration, startAuthService, type AuthTestService } from './support/auth-fixtures';
import { createUser, outboxCount, outboxRows, type TestUser } from './support/directory-fixtures';
import { SupervisorProbeController } from './support/supervisor-probe.controller';

let h: AuthTestService;
let admin: TestUser;
let secondAdmin: TestUser;
let supervisor: TestUser;
let student: TestUser;

beforeAll(async () => {
  h = await startAuthService({}, { controllers: [SupervisorProbeController] });
  admin = await createUser(h, 'admin', { name: 'Ada Admin' });
  secondAdmin = await createUser(h, 'admin', { name: 'Bo Admin' });
  supervisor = await createUser(h, 'supervisor');
  student = await createUser(h, 'student');
});

afterAll(async () => {
  await h?.close();
});

interface AuditRow {
  actor_id: number | null;
  action: string;
  target_type: string;
  target_id: string | null;
  outcome: string;
  detail: Record<string, unknown> | null;
}

async function auditRows(action: string, targetId?: number): Promise<AuditRow[]> {
  return (await h.db.query(
    `SELECT actor_id, action, target_type, target_id, outcome, detail FROM auth.audit_log
      WHERE action = $1 AND ($2::text IS NULL OR target_id = $2) ORDER BY id`,
    [action, targetId === undefined ? null : String(targetId)],
  )) as AuditRow[];
}

async function auditCount(): Promise<number> {
  const [{ n }] = (await h.db.query('SELECT count(*)::int AS n FROM auth.audit_log')) as Array<{
    n: number;
  }>;
  return n;
}

async function rolesOf(id: number): Promise<{ is_admin: boolean; is_supervisor: boolean }> {
  const [row] = (await h.db.query('SELECT is_admin, is_supervisor FROM auth.users WHERE id = $1', [
    id,
  ])) as Array<{ is_admin: boolean; is_supervisor: boolean }>;
  return row;
}

const changeRoles = (id: number | string, json: unknown, headers = admin.headers) =>
  h.request('PATCH', `/api/users/${id}/roles`, { json, headers });

// What the gateway does for every protected call: verify the session, forward the fresh identity.
async function gatewayIdentity(user: TestUser): Promise<string> {
  const res = await h.request('GET', '/internal/auth/verify', { sid: user.sid });
  expect(res.status).toBe(204);
  return res.headers.get('x-identity')!;
}

describe('registration never grants a role', () => {
  it('refuses isAdmin/isSupervisor true with a clear 400 and creates no account', async () => {
    for (const field of ['isAdmin', 'isSupervisor']) {
      const body = registration({ [field]: true });
      const res = await h.request('POST', '/api/register', { json: body });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(VALIDATION.rolesAtRegistration);
      expect(res.body.errors).toEqual([{ path: field, message: VALIDATION.rolesAtRegistration }]);
      const rows = (await h.db.query('SELECT 1 FROM auth.users WHERE username = $1', [
        body.username,
      ])) as unknown[];
      expect(rows).toHaveLength(0);
    }
  });

  it('refuses smuggled column names, and a plain account verifies with no role', async () => {
    const smuggled = await h.request('POST', '/api/register', {
      json: registration({ is_admin: true, is_supervisor: true }),
    });
    expect(smuggled.status).toBe(400);
    const body = registration({ isAdmin: false, isSupervisor: false });
    const res = await h.request('POST', '/api/register', { json: body });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ isAdmin: false, isSupervisor: false });
    const verify = await h.request('GET', '/internal/auth/verify', { sid: res.sid });
    const identity = verifyIdentityToken(verify.headers.get('x-identity')!, TEST_IDENTITY_SECRET);
    expect(identity).toMatchObject({ id: res.body.id, isAdmin: false, isSupervisor: false });
  });
});

describe('PATCH /api/users/{id}/roles', () => {
  it('is refused signed out (401), to students and supervisors (403), even on themselves', async () => {
    const target = await createUser(h, 'student');
    const [outboxBefore, auditBefore] = [await outboxCount(h), await auditCount()];
    expect(
      (await h.request('PATCH', `/api/users/${target.id}/roles`, { json: { isSupervisor: true } }))
        .status,
    ).toBe(401);
    for (const caller of [student, supervisor, target]) {
      const res = await changeRoles(target.id, { isSupervisor: true }, caller.headers);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ statusCode: 403, message: 'Forbidden' });
    }
    // A supervisor cannot make themselves an admin either.
    expect((await changeRoles(supervisor.id, { isAdmin: true }, supervisor.headers)).status).toBe(
      403,
    );
    expect(await rolesOf(target.id)).toEqual({ is_admin: false, is_supervisor: false });
    expect(await rolesOf(supervisor.id)).toEqual({ is_admin: false, is_supervisor: true });
    expect(await outboxCount(h)).toBe(outboxBefore);
    expect(await auditCount()).toBe(auditBefore);
  });

  it('answers 400 for an empty or wrong body and 404 for an unknown user', async () => {
    const empty = await changeRoles(student.id, {});
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(VALIDATION.rolesRequired);
    expect((await changeRoles(student.id, { isSupervisor: 'yes' })).status).toBe(400);
    expect((await changeRoles(student.id, { isSupervisor: true, school: 'x' })).status).toBe(400);
    expect((await changeRoles('abc', { isSupervisor: true })).status).toBe(400);
    const missing = await changeRoles(999_999, { isSupervisor: true });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ statusCode: 404, message: API_MESSAGES.userNotFound });
    // The refused attempt is on record, nothing else.
    expect(await auditRows('user.roles.change', 999_999)).toEqual([
      expect.objectContaining({ actor_id: admin.id, outcome: 'failure' }),
    ]);
  });

  it('makes a student a supervisor: their next request carries the role; revoking takes it away', async () => {
    const target = await createUser(h, 'student', { name: 'Sam Soon' });
    // Before: svc-hours' review call is refused with the identity the gateway forwards.
    const probe = (token: string) =>
      h.request('PATCH', '/api/service-hours/7/status', {
        json: { status: 'approved' },
        headers: { 'x-identity': token },
      });
    expect((await probe(await gatewayIdentity(target))).status).toBe(403);

    const granted = await changeRoles(target.id, { isSupervisor: true });
    expect(granted.status).toBe(200);
    expect(granted.body).toMatchObject({ id: target.id, isSupervisor: true, isAdmin: false });
    const token = await gatewayIdentity(target);
    expect(verifyIdentityToken(token, TEST_IDENTITY_SECRET)).toMatchObject({
      id: target.id,
      isAdmin: false,
      isSupervisor: true,
    });
    expect((await probe(token)).status).toBe(200);
    expect((await h.request('GET', '/api/user', { sid: target.sid })).body.isSupervisor).toBe(true);

    const revoked = await changeRoles(target.id, { isSupervisor: false });
    expect(revoked.status).toBe(200);
    // The very next verify (no re-login) has no supervisor role, so svc-hours' guard refuses.
    const after = await gatewayIdentity(target);
    expect(verifyIdentityToken(after, TEST_IDENTITY_SECRET)?.isSupervisor).toBe(false);
    const refused = await probe(after);
    expect(refused.status).toBe(403);

    const events = await outboxRows(h, 'user.updated', target.id);
    expect(events.map((e) => e.payload.isSupervisor)).toEqual([true, false]);
    const records = await auditRows('user.roles.change', target.id);
    expect(records).toEqual([
      {
        actor_id: admin.id,
        action: 'user.roles.change',
        target_type: 'user',
        target_id: String(target.id),
        outcome: 'success',
        detail: {
          name: 'Sam Soon',
          from: { isAdmin: false, isSupervisor: false },
          to: { isAdmin: false, isSupervisor: true },
        },
      },
      expect.objectContaining({
        outcome: 'success',
        detail: expect.objectContaining({ to: { isAdmin: false, isSupervisor: false } }),
      }),
    ]);
  });

  it('lets an admin make another user an admin, who can then act as one', async () => {
    const target = await createUser(h, 'student');
    expect((await changeRoles(target.id, { isAdmin: true })).status).toBe(200);
    const identity = verifyIdentityToken(await gatewayIdentity(target), TEST_IDENTITY_SECRET);
    expect(identity?.isAdmin).toBe(true);
    // And back, by the new admin: they are not the last one.
    const headers = { 'x-identity': await gatewayIdentity(target) };
    expect((await changeRoles(student.id, { isSupervisor: true }, headers)).status).toBe(200);
    expect((await changeRoles(student.id, { isSupervisor: false }, headers)).status).toBe(200);
    expect((await changeRoles(target.id, { isAdmin: false })).status).toBe(200);
    expect(await rolesOf(target.id)).toEqual({ is_admin: false, is_supervisor: false });
  });

  it('refuses an admin removing their own admin right, changing nothing but the record', async () => {
    const [outboxBefore] = [await outboxCount(h)];
    const res = await changeRoles(admin.id, { isAdmin: false, isSupervisor: true });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ statusCode: 403, message: API_MESSAGES.cannotRemoveOwnAdmin });
    expect(await rolesOf(admin.id)).toEqual({ is_admin: true, is_supervisor: false });
    expect(await outboxCount(h)).toBe(outboxBefore);
    expect(await auditRows('user.roles.change', admin.id)).toEqual([
      expect.objectContaining({
        actor_id: admin.id,
        outcome: 'failure',
        detail: { reason: API_MESSAGES.cannotRemoveOwnAdmin, status: 403 },
      }),
    ]);
    // Adding a role to oneself is fine.
    expect((await changeRoles(admin.id, { isSupervisor: true })).status).toBe(200);
    expect((await changeRoles(admin.id, { isSupervisor: false })).status).toBe(200);
  });

  it('two admins demoting each other at once leave exactly one admin', async () => {
    const a = await createUser(h, 'admin');
    const b = await createUser(h, 'admin');
    // Only a and b are admins now.
    await h.db.query('UPDATE auth.users SET is_admin = (id = ANY($1::int[]))', [[a.id, b.id]]);
    const results = await Promise.all([
      changeRoles(b.id, { isAdmin: false }, a.headers),
      changeRoles(a.id, { isAdmin: false }, b.headers),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 403]);
    const [{ n }] = (await h.db.query(
      'SELECT count(*)::int AS n FROM auth.users WHERE is_admin',
    )) as Array<{ n: number }>;
    expect(n).toBe(1);

    // The survivor is now the last admin: demoting themselves is a 409 with a clear message.
    const survivor = results[0].status === 200 ? a : b;
    const last = await changeRoles(survivor.id, { isAdmin: false }, survivor.headers);
    expect(last.status).toBe(409);
    expect(last.body).toEqual({ statusCode: 409, message: API_MESSAGES.lastAdmin });
    expect(await rolesOf(survivor.id)).toMatchObject({ is_admin: true });
    expect(await auditRows('user.roles.change', survivor.id)).toContainEqual(
      expect.objectContaining({
        outcome: 'failure',
        detail: { reason: API_MESSAGES.lastAdmin, status: 409 },
      }),
    );
    // Restore the suite's admins.
    await h.db.query('UPDATE auth.users SET is_admin = true WHERE id = ANY($1::int[])', [
      [admin.id, secondAdmin.id],
    ]);
  });
});

describe('every privileged action of svc-auth is on record', () => {
  it('school change, account deletion and backup each write exactly one record', async () => {
    const mover = await createUser(h, 'student', {
      name: 'Mia Mover',
      school: 'Jesuit High School',
    });
    const before = await auditCount();
    expect(
      (
        await h.request('PATCH', `/api/users/${mover.id}/school`, {
          json: { school: 'Rummel High School' },
          headers: admin.headers,
        })
      ).status,
    ).toBe(200);
    expect(await auditCount()).toBe(before + 1);
    expect(await auditRows('user.school.change', mover.id)).toEqual([
      expect.objectContaining({
        actor_id: admin.id,
        outcome: 'success',
        detail: { name: 'Mia Mover', from: 'Jesuit High School', to: 'Rummel High School' },
      }),
    ]);

    expect(
      (await h.request('DELETE', `/api/users/${mover.id}`, { headers: admin.headers })).status,
    ).toBe(204);
    expect(await auditCount()).toBe(before + 2);
    expect(await auditRows('user.delete', mover.id)).toEqual([
      expect.objectContaining({
        actor_id: admin.id,
        outcome: 'success',
        detail: { name: 'Mia Mover', username: mover.username },
      }),
    ]);

    const backupsBefore = (await auditRows('users.backup')).length;
    const backup = await h.request('GET', '/api/backup/users', { headers: admin.headers });
    expect(backup.status).toBe(200);
    expect(await auditCount()).toBe(before + 3);
    const backups = await auditRows('users.backup');
    expect(backups).toHaveLength(backupsBefore + 1);
    expect(backups.at(-1)).toEqual(
      expect.objectContaining({ actor_id: admin.id, target_type: 'users', outcome: 'success' }),
    );
  });

  it('a refused deletion or school change records its failure and changes nothing', async () => {
    const before = await auditCount();
    const self = await h.request('DELETE', `/api/users/${admin.id}`, { headers: admin.headers });
    expect(self.status).toBe(403);
    expect(await rolesOf(admin.id)).toBeDefined();
    const missing = await h.request('PATCH', '/api/users/999998/school', {
      json: { school: 'Rummel High School' },
      headers: admin.headers,
    });
    expect(missing.status).toBe(404);
    expect(await auditCount()).toBe(before + 2);
    expect(await auditRows('user.delete', admin.id)).toEqual([
      expect.objectContaining({
        outcome: 'failure',
        detail: { reason: API_MESSAGES.cannotDeleteSelf, status: 403 },
      }),
    ]);
    expect(await auditRows('user.school.change', 999_998)).toEqual([
      expect.objectContaining({ outcome: 'failure' }),
    ]);
  });

  it('records cannot be edited or deleted, through the API or by SQL', async () => {
    // The trail has no such routes: 405, naming the one method it has (issue 29).
    const remove = await h.request('DELETE', '/api/audit', { headers: admin.headers });
    expect(remove.status).toBe(405);
    expect(remove.headers.get('allow')).toBe('GET, HEAD');
    expect(
      (await h.request('PATCH', '/api/audit', { headers: admin.headers, json: {} })).status,
    ).toBe(405);
    await expect(h.db.query('DELETE FROM auth.audit_log')).rejects.toThrow(/append-only/);
    await expect(h.db.query(`UPDATE auth.audit_log SET outcome = 'success'`)).rejects.toThrow(
      /append-only/,
    );
  });
});

describe('GET /api/audit', () => {
  const audit = (query = '', headers = admin.headers) =>
    h.request('GET', `/api/audit${query}`, { headers });

  it('is admins only', async () => {
    expect((await h.request('GET', '/api/audit')).status).toBe(401);
    for (const caller of [student, supervisor])
      expect((await audit('', caller.headers)).status).toBe(403);
  });

  it('lists newest first with actor names, filters, and pages by cursor without gaps or repeats', async () => {
    const res = await audit();
    expect(res.status).toBe(200);
    const all = res.body.items as Array<Record<string, unknown>>;
    expect(all.length).toBe(await auditCount());
    const times = all.map((r) => r.at as string);
    expect([...times].sort().reverse()).toEqual(times);
    expect(all[0]).toMatchObject({
      service: 'svc-auth',
      id: expect.stringMatching(/^svc-auth:\d+$/),
    });
    expect(all.find((r) => r.actorId === admin.id)).toMatchObject({ actorName: 'Ada Admin' });

    const byAction = await audit('?action=user.delete');
    expect(byAction.body.items.length).toBeGreaterThan(0);
    expect(byAction.body.items.every((r: { action: string }) => r.action === 'user.delete')).toBe(
      true,
    );
    const byActor = await audit(`?actor=${secondAdmin.id}`);
    expect(byActor.body.items).toEqual([]);
    const future = await audit(
      `?from=${encodeURIComponent(new Date(Date.now() + 86_400_000).toISOString())}`,
    );
    expect(future.body).toEqual({ items: [], nextCursor: null });
    const past = await audit(`?to=2000-01-01`);
    expect(past.body.items).toEqual([]);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: {
        status: number;
        body: { items: Array<{ id: string }>; nextCursor: string | null };
      } = await audit(`?pageSize=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.status).toBe(200);
      expect(page.body.items.length).toBeLessThanOrEqual(3);
      seen.push(...page.body.items.map((r) => r.id));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.map((r) => r.id));
  });

  it('answers 400 for bad filters and cursors', async () => {
    expect((await audit('?action=user.fly')).status).toBe(400);
    expect((await audit('?actor=abc')).status).toBe(400);
    expect((await audit('?cursor=nonsense')).status).toBe(400);
    expect((await audit('?pageSize=0')).status).toBe(400);
    expect((await audit('?from=2030-01-01&to=2020-01-01')).status).toBe(400);
  });
});
