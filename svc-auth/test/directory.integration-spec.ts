import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { directoryUserSchema, OTHER_SCHOOL } from '@district/contracts';
import { identityHeader, eventually } from '@district/service-kit/testing';
import { startAuthService, type AuthTestService } from './support/auth-fixtures';
import {
  createUser,
  HoursApprovedSender,
  insertLegacyUser,
  type TestUser,
} from './support/directory-fixtures';

let h: AuthTestService;
let hours: HoursApprovedSender;
let student: TestUser;
let supervisor: TestUser;
let admin: TestUser;

beforeAll(async () => {
  h = await startAuthService();
  hours = new HoursApprovedSender(h);
  student = await createUser(h, 'student', {
    name: 'Stella Student',
    school: 'Riverdale High School',
    grade: 9,
    serviceHours: 3,
  });
  supervisor = await createUser(h, 'supervisor', {
    name: 'Sam Supervisor',
    school: 'Jesuit High School',
    grade: 12,
  });
  admin = await createUser(h, 'admin', { name: 'Ada Admin', school: 'Homeschool', grade: 11 });
});

afterAll(async () => {
  await hours?.close();
  await h?.close();
});

type Entry = Record<string, unknown> & {
  id?: number;
  ref: string;
  school: string;
  serviceHours: number;
};
const directory = (headers: Record<string, string> = student.headers) =>
  h.request<Entry[]>('GET', '/api/directory', { headers });
// Students' rows carry no id (issue 20): found by ref; staff rows by id.
const entryOf = (list: Entry[], user: { ref: string }) => list.find((u) => u.ref === user.ref);
const entryById = (list: Entry[], id: number) => list.find((u) => u.id === id);
const me = async (user: TestUser) =>
  (await h.request<{ id: number; ref: string }>('GET', '/api/user', { sid: user.sid })).body;

describe('GET /api/directory', () => {
  it('is refused without the gateway identity (signed out)', async () => {
    const res = await h.request('GET', '/api/directory');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ statusCode: 401, message: 'Unauthorized' });
  });

  it('answers every signed-in role with every user as the screens see them, never e-mail or secrets', async () => {
    // Issue 33: staff are never students; only admins and supervisors see their cards (roles).
    for (const [caller, expected] of [
      [student, [student.ref]],
      [supervisor, [student.ref, supervisor.ref, admin.ref]],
      [admin, [student.ref, supervisor.ref, admin.ref]],
    ] as const) {
      const res = await directory(caller.headers);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.body.map((u) => u.ref).sort()).toEqual([...expected].sort());
    }
    for (const caller of [supervisor, admin]) {
      const res = await directory(caller.headers);
      expect(res.body.map((u) => u.id).sort()).toEqual(
        [student.id, supervisor.id, admin.id].sort(),
      );
    }
    const res = await directory();
    for (const entry of res.body) {
      expect(Object.keys(entry).sort()).toEqual(
        [
          'avatarUrl',
          'grade',
          'ref',
          'isAdmin',
          'isSupervisor',
          'name',
          'school',
          'serviceHours',
        ].sort(),
      );
      expect(directoryUserSchema.strict().safeParse(entry).success).toBe(true);
    }
    expect(res.text).not.toMatch(/email|username|password|argon2|token/i);
    expect(entryOf(res.body, student)).toEqual({
      ref: student.ref,
      name: 'Stella Student',
      school: 'Riverdale High School',
      grade: 9,
      avatarUrl: null,
      serviceHours: 3,
      isAdmin: false,
      isSupervisor: false,
    });
    const staffView = (await directory(admin.headers)).body;
    expect(entryOf(staffView, supervisor)).toMatchObject({ isSupervisor: true, isAdmin: false });
    expect(entryOf(staffView, admin)).toMatchObject({ isAdmin: true, isSupervisor: false });
  });

  // Issue 20: "Peers never receive another student's id".
  it('gives a student no id anywhere, only stable refs, their own matching GET /api/user', async () => {
    const peer = await createUser(h, 'student', { name: 'Petra Peer' });
    const res = await h.request<Entry[]>('GET', '/api/directory', {
      headers: { ...student.headers, 'accept-encoding': 'identity' },
    });
    expect(res.text).not.toMatch(/"id"/);
    for (const entry of res.body) expect(entry).not.toHaveProperty('id');
    // Every visible student is still there, each under a distinct ref.
    const refs = res.body.map((u) => u.ref);
    expect(new Set(refs).size).toBe(refs.length);
    for (const user of [student, peer]) expect(refs).toContain(user.ref);
    for (const staff of [supervisor, admin]) expect(refs).not.toContain(staff.ref);
    // The raw bytes of the gzip body the gateway passes through carry no id either.
    const raw = await rawGet('/api/directory', { ...student.headers, 'accept-encoding': 'gzip' });
    expect(gunzipSync(raw).toString('utf8')).not.toMatch(/"id"/);

    const own = await me(student);
    expect(own.id).toBe(student.id);
    expect(own.ref).toMatch(/^[A-Za-z0-9_-]{8}$/);
    expect(entryOf(res.body, own)?.name).toBe('Stella Student');
    // Stable across requests and logins, different per user, the same in staff's list.
    expect((await me(student)).ref).toBe(own.ref);
    const login = await h.request<{ ref: string }>('POST', '/api/login', {
      json: { username: student.username, password: 'correct horse battery' },
    });
    expect(login.status).toBe(200);
    expect(login.body.ref).toBe(own.ref);
    expect((await me(peer)).ref).not.toBe(own.ref);
    expect((await directory(peer.headers)).body.map((u) => u.ref).sort()).toEqual([...refs].sort());
    const staff = await directory(admin.headers);
    expect(entryById(staff.body, student.id)?.ref).toBe(own.ref);
    expect(entryById(staff.body, peer.id)?.ref).toBe(peer.ref);
    // A ref is not an id anywhere: the admin routes refuse it.
    const byRef = await h.request('PATCH', `/api/users/${own.ref}/school`, {
      headers: admin.headers,
      json: { school: 'Homeschool' },
    });
    expect(byRef.status).toBe(400);
  });

  it('shows legacy free-text schools under their registry school, and "Other" when nothing matches', async () => {
    const pft = await insertLegacyUser(h, { name: 'Paula Legacy', school: 'PFT' });
    const eastJeff = await insertLegacyUser(h, { name: 'Ed Legacy', school: 'east jeff' });
    const tj = await insertLegacyUser(h, { name: 'Tom Legacy', school: 'T. Jefferson' });
    const nowhere = await insertLegacyUser(h, {
      name: 'Nora Legacy',
      school: 'Springfield Elementary',
    });
    const vague = await insertLegacyUser(h, { name: 'Val Legacy', school: 'Jefferson' });
    const res = await directory(admin.headers);
    expect(entryById(res.body, pft)?.school).toBe('Patrick F. Taylor Science & Technology Academy');
    expect(entryById(res.body, eastJeff)?.school).toBe('East Jefferson High School');
    expect(entryById(res.body, tj)?.school).toBe(
      'Thomas Jefferson High School for Advanced Studies',
    );
    expect(entryById(res.body, nowhere)?.school).toBe(OTHER_SCHOOL);
    // "Jefferson" alone could be four schools: it must not be guessed.
    expect(entryById(res.body, vague)?.school).toBe(OTHER_SCHOOL);
  });

  it('lists schools in registry order with "Other" last, then by grade and name', async () => {
    const res = await directory();
    const schools = res.body.map((u) => u.school);
    const firstOther = schools.indexOf(OTHER_SCHOOL);
    expect(firstOther).toBeGreaterThan(0);
    expect(schools.slice(firstOther).every((s) => s === OTHER_SCHOOL)).toBe(true);
    // Homeschool (9th in the registry) before Jesuit (11th) before Patrick F. Taylor (16th).
    const order = [
      'Homeschool',
      'Jesuit High School',
      'Patrick F. Taylor Science & Technology Academy',
    ];
    expect(order.map((s) => schools.indexOf(s))).toEqual(
      [...order.map((s) => schools.indexOf(s))].sort((a, b) => a - b),
    );
  });

  it('totals declared hours and approved hours, crediting a repeated hours.approved once', async () => {
    await hours.send(9001, student.id, 2.5);
    await hours.send(9001, student.id, 2.5);
    await hours.send(9002, student.id, 1);
    await eventually(
      async () => expect(await entryOf((await directory()).body, student)?.serviceHours).toBe(6.5),
      {
        timeout: 10_000,
      },
    );
    await eventually(
      async () =>
        expect(await hours.settled()).toMatchObject({
          completed: 3,
          failed: 0,
        }),
      { timeout: 10_000 },
    );
    expect(entryOf((await directory()).body, student)?.serviceHours).toBe(6.5);
    // The owner's own view agrees with the directory.
    expect((await h.request('GET', '/api/user', { sid: student.sid })).body.serviceHours).toBe(6.5);
  });

  it('answers 304 while nothing changed, and the new list at once after a change', async () => {
    const first = await directory();
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+(\.gz)?"$/);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    const again = await h.request('GET', '/api/directory', {
      headers: { ...student.headers, 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');

    const newcomer = await createUser(h, 'student', { name: 'Nina Newcomer' });
    const after = await h.request<Entry[]>('GET', '/api/directory', {
      headers: { ...student.headers, 'if-none-match': etag },
    });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    expect(entryOf(after.body, newcomer)?.name).toBe('Nina Newcomer');
  });

  it('keeps the same answer across a password change, and follows a change the cards show', async () => {
    const before = (await directory()).headers.get('etag');
    await h.db.query(`UPDATE auth.users SET password_hash = 'x' WHERE id = $1`, [admin.id]);
    expect((await directory()).headers.get('etag')).toBe(before);
    await h.db.query(`UPDATE auth.users SET grade = 12 WHERE id = $1`, [student.id]);
    const changed = await directory();
    expect(changed.headers.get('etag')).not.toBe(before);
    expect(entryOf(changed.body, student)?.grade).toBe(12);
  });

  it('sends a gzip body when the client accepts it (the gateway passes it through)', async () => {
    const plain = await h.request<Entry[]>('GET', '/api/directory', {
      headers: { ...student.headers, 'accept-encoding': 'identity' },
    });
    expect(plain.headers.get('etag')).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const response = await fetch(`${h.service.url}/api/directory`, {
      headers: { ...student.headers, 'accept-encoding': 'gzip' },
    });
    // fetch would decode it silently; read the raw bytes through the header check instead.
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(response.headers.get('etag')).toBe(`${plain.headers.get('etag')!.slice(0, -1)}.gz"`);
    const decoded = JSON.parse(await response.text()) as Entry[];
    expect(decoded).toEqual(plain.body);
    // Identity: no content-encoding when the client does not ask for gzip.
    expect(plain.headers.get('content-encoding')).toBeNull();
    // A body recorded by a raw client decompresses to the same list.
    const raw = await rawGet('/api/directory', { ...student.headers, 'accept-encoding': 'gzip' });
    expect(JSON.parse(gunzipSync(raw).toString('utf8'))).toEqual(plain.body);
  });

  it('refuses a forged or expired identity', async () => {
    const forged = identityHeader({ id: admin.id, isAdmin: true }, 'x'.repeat(40));
    expect((await directory(forged)).status).toBe(401);
    const expired = identityHeader({ id: student.id }, undefined, { expiresInSeconds: -5 });
    expect((await directory(expired)).status).toBe(401);
  });
});

// node:http keeps the body compressed (fetch always decodes it).
async function rawGet(path: string, headers: Record<string, string>): Promise<Buffer> {
  const { request } = await import('node:http');
  const url = new URL(path, h.service.url);
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve(Buffer.concat(chunks)));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}
