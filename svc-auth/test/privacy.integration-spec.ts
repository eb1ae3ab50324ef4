import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startAuthService, type AuthTestService } from './support/auth-fixtures';
import { createUser, outboxRows, type TestUser } from './support/directory-fixtures';

// Issue 20: a student's directory choice, the district's policy for new accounts and the
// student's own deletion, as svc-auth answers them.
let h: AuthTestService;
let hidden: TestUser;
let peer: TestUser;
let supervisor: TestUser;
let admin: TestUser;

type Entry = { id?: number; ref: string; name: string; serviceHours: number; hidden?: boolean };
const directory = (caller: TestUser, headers: Record<string, string> = {}) =>
  h.request<Entry[]>('GET', '/api/directory', { headers: { ...caller.headers, ...headers } });
const setVisible = (caller: TestUser, directoryVisible: unknown) =>
  h.request<Record<string, unknown>>('PATCH', '/api/user/privacy', {
    headers: caller.headers,
    json: { directoryVisible },
  });

beforeAll(async () => {
  h = await startAuthService();
  hidden = await createUser(h, 'student', { name: 'Hana Hidden', serviceHours: 7 });
  peer = await createUser(h, 'student', { name: 'Pete Peer', serviceHours: 2 });
  supervisor = await createUser(h, 'supervisor', { name: 'Sue Supervisor', serviceHours: 0 });
  admin = await createUser(h, 'admin', { name: 'Al Admin', serviceHours: 0 });
});

afterAll(async () => {
  await h?.close();
});

describe('PATCH /api/user/privacy', () => {
  it('starts visible, and GET /api/user says the choice', async () => {
    const me = await h.request<Record<string, unknown>>('GET', '/api/user', { sid: hidden.sid });
    expect(me.body.directoryVisible).toBe(true);
  });

  it('refuses anything but a boolean with 400 naming the field, and signed-out callers with 401', async () => {
    const bad = await setVisible(hidden, 'no');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ errors: [{ path: 'directoryVisible' }] });
    const extra = await h.request('PATCH', '/api/user/privacy', {
      headers: hidden.headers,
      json: { directoryVisible: false, id: peer.id },
    });
    expect(extra.status).toBe(400);
    expect(
      (await h.request('PATCH', '/api/user/privacy', { json: { directoryVisible: false } })).status,
    ).toBe(401);
  });

  it('hides the student: answers the new choice and tells the replicas in user.updated', async () => {
    const res = await setVisible(hidden, false);
    expect(res.status).toBe(200);
    // Answered as GET /api/user is, the owner's ref included.
    expect(res.body).toMatchObject({ id: hidden.id, ref: hidden.ref, directoryVisible: false });
    const me = await h.request<Record<string, unknown>>('GET', '/api/user', { sid: hidden.sid });
    expect(me.body.directoryVisible).toBe(false);
    const events = await outboxRows(h, 'user.updated', hidden.id);
    expect(events.at(-1)?.payload).toMatchObject({ id: hidden.id, directoryVisible: false });
    expect(JSON.stringify(events.at(-1)?.payload)).not.toMatch(/email|username/);
  });
});

describe('GET /api/directory with a hidden student', () => {
  it("leaves them out of another student's list, never naming them anywhere in the body", async () => {
    const res = await directory(peer);
    expect(res.status).toBe(200);
    expect(res.body.map((u) => u.ref)).not.toContain(hidden.ref);
    expect(res.text).not.toMatch(/"id"/);
    expect(res.text).not.toContain('Hana Hidden');
    expect(res.text).not.toContain('hidden');
  });

  it('still counts them in the totals every viewer receives (students only: never staff)', async () => {
    for (const caller of [peer, hidden, supervisor, admin]) {
      const res = await directory(caller);
      expect(res.headers.get('x-total-students')).toBe('2');
      expect(res.headers.get('x-total-service-hours')).toBe('9');
    }
  });

  // Which list each viewer class receives (the hidden student their own card, staff everyone
  // with the hidden one marked) is src/directory/directory.service.spec.ts; the case above and
  // the ETag case below read it through the route.
  it('gives each viewer class its own ETag, so no cached copy validates for another', async () => {
    const peerRes = await directory(peer);
    const ownRes = await directory(hidden);
    const staffRes = await directory(admin);
    const tags = [peerRes, ownRes, staffRes].map((r) => r.headers.get('etag'));
    expect(new Set(tags).size).toBe(3);
    // A peer presenting the staff copy's validator gets the full peer answer, not a 304.
    const replay = await directory(peer, { 'if-none-match': tags[2]! });
    expect(replay.status).toBe(200);
    expect(replay.body.map((u) => u.ref)).not.toContain(hidden.ref);
    expect(replay.text).not.toMatch(/"id"/);
    const again = await directory(peer, { 'if-none-match': tags[0]! });
    expect(again.status).toBe(304);
    expect(peerRes.headers.get('cache-control')).toBe('private, no-cache');
  });

  it('brings them back at once when they choose to be visible again', async () => {
    const before = await directory(peer);
    expect((await setVisible(hidden, true)).status).toBe(200);
    const res = await directory(peer, { 'if-none-match': before.headers.get('etag')! });
    expect(res.status).toBe(200);
    expect(res.body.find((u) => u.ref === hidden.ref)).toMatchObject({ name: 'Hana Hidden' });
    expect(res.body.find((u) => u.ref === hidden.ref)).not.toHaveProperty('id');
    expect((await setVisible(hidden, false)).status).toBe(200);
    expect((await directory(peer)).body.map((u) => u.ref)).not.toContain(hidden.ref);
  });
});

describe('the district policy for new accounts', () => {
  it('is for admins only', async () => {
    for (const caller of [peer, supervisor]) {
      const res = await h.request('PATCH', '/api/privacy/settings', {
        headers: caller.headers,
        json: { directoryVisibleByDefault: false },
      });
      expect(res.status).toBe(403);
    }
  });

  it('starts visible; when an admin changes it (audited), new accounts start hidden', async () => {
    const read = await h.request('GET', '/api/privacy/settings', { headers: admin.headers });
    expect(read.body).toEqual({
      directoryVisibleByDefault: true,
      consentMode: 'school',
      registrationPolicy: 'open',
    });
    const res = await h.request('PATCH', '/api/privacy/settings', {
      headers: admin.headers,
      json: { directoryVisibleByDefault: false },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      directoryVisibleByDefault: false,
      consentMode: 'school',
      registrationPolicy: 'open',
    });
    const [record] = (await h.db.query(
      `SELECT actor_id, outcome, detail FROM auth.audit_log WHERE action = 'privacy.settings.change'`,
    )) as Array<{ actor_id: number; outcome: string; detail: Record<string, unknown> }>;
    expect(record).toMatchObject({
      actor_id: admin.id,
      outcome: 'success',
      detail: {
        from: { directoryVisibleByDefault: true },
        to: { directoryVisibleByDefault: false },
      },
    });
    const newcomer = await createUser(h, 'student', { name: 'Nina Newcomer' });
    const me = await h.request<Record<string, unknown>>('GET', '/api/user', { sid: newcomer.sid });
    expect(me.body.directoryVisible).toBe(false);
    expect((await directory(peer)).body.map((u) => u.ref)).not.toContain(newcomer.ref);
    await h.request('PATCH', '/api/privacy/settings', {
      headers: admin.headers,
      json: { directoryVisibleByDefault: true },
    });
  });
});

describe('POST /api/user/delete', () => {
  it('refuses a wrong password and keeps the account', async () => {
    const student = await createUser(h, 'student', { name: 'Del Student' });
    const res = await h.request('POST', '/api/user/delete', {
      headers: student.headers,
      json: { password: 'not my password' },
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ statusCode: 403, message: 'That password is not correct' });
    expect((await h.request('GET', '/api/user', { sid: student.sid })).status).toBe(200);
  });

  it('removes the account with the right password: sessions end, user.deleted goes out, audited', async () => {
    const student = await createUser(h, 'student', { name: 'Del Student' });
    const res = await h.request('POST', '/api/user/delete', {
      headers: student.headers,
      sid: student.sid,
      json: { password: 'correct horse battery' },
    });
    expect(res.status).toBe(204);
    expect((await h.request('GET', '/api/user', { sid: student.sid })).status).toBe(401);
    expect(await outboxRows(h, 'user.deleted', student.id)).toHaveLength(1);
    const records = (await h.db.query(
      `SELECT actor_id, outcome FROM auth.audit_log WHERE action = 'user.delete.self' AND target_id = $1`,
      [String(student.id)],
    )) as Array<{ actor_id: number; outcome: string }>;
    expect(records).toEqual([{ actor_id: student.id, outcome: 'success' }]);
    const login = await h.request('POST', '/api/login', {
      json: { username: student.username, password: 'correct horse battery' },
    });
    expect(login.status).toBe(401);
  });
});
