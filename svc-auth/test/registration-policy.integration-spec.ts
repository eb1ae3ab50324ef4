import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { REGISTRATION_MESSAGES } from '@district/contracts';
import { registration, startAuthService, type AuthTestService } from './support/auth-fixtures';
import { createUser, type TestUser } from './support/directory-fixtures';

// Issue 31 "Who may join": each policy as POST /api/register answers it, and the join codes that
// open the join-code policy, with the real database deciding races.
let h: AuthTestService;
let admin: TestUser;
let supervisor: TestUser;
let student: TestUser;

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const setPolicy = (registrationPolicy: string) =>
  h.request('PATCH', '/api/privacy/settings', {
    headers: admin.headers,
    json: { registrationPolicy },
  });
const register = (body: Record<string, unknown>) =>
  h.request('POST', '/api/register', { json: body });
const createCode = (
  caller: TestUser,
  body: Record<string, unknown> = {
    school: 'Riverdale High School',
    uses: 3,
    expiresAt: inDays(7),
  },
) =>
  h.request('POST', '/api/admin/join-codes', {
    headers: caller.headers,
    json: body,
  });
const userCount = async () =>
  Number(((await h.db.query('SELECT count(*) AS n FROM auth.users')) as Array<{ n: string }>)[0].n);
const auditActions = async (action: string) =>
  (await h.db.query(
    'SELECT actor_id, target_id, detail FROM auth.audit_log WHERE action = $1 ORDER BY id',
    [action],
  )) as Array<{ actor_id: number; target_id: string; detail: Record<string, unknown> }>;

beforeAll(async () => {
  h = await startAuthService();
  admin = await createUser(h, 'admin');
  // Supervisors manage their own school's codes.
  supervisor = await createUser(h, 'supervisor', { school: 'Riverdale High School' });
  student = await createUser(h, 'student');
});
afterAll(() => h.close());

describe('the registration policy setting', () => {
  it('starts open: the options say so and the spec’s registration works as written', async () => {
    expect((await h.request('GET', '/api/register/options')).body).toEqual({
      consentMode: 'school',
      registrationPolicy: 'open',
    });
    const res = await register(registration({ school: 'Jesuit High School', grade: 9 }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ school: 'Jesuit High School', grade: 9 });
  });

  it('open: a missing school is a 400 naming it, a join code is not asked for', async () => {
    const { school: _school, ...withoutSchool } = registration();
    const missing = await register(withoutSchool);
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0].path).toBe('school');
    const coded = await register(registration({ joinCode: 'ABCDEFGH' }));
    expect(coded.status).toBe(400);
    expect(coded.body.errors[0].path).toBe('joinCode');
  });

  it('is changed by admins only, audited, and read back by both GET calls', async () => {
    for (const caller of [student, supervisor])
      expect(
        (
          await h.request('PATCH', '/api/privacy/settings', {
            headers: caller.headers,
            json: { registrationPolicy: 'roster' },
          })
        ).status,
      ).toBe(403);
    const bad = await setPolicy('everyone');
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].path).toBe('registrationPolicy');

    const res = await setPolicy('districtSignIn');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ registrationPolicy: 'districtSignIn' });
    expect(
      (await h.request('GET', '/api/privacy/settings', { headers: admin.headers })).body,
    ).toMatchObject({ registrationPolicy: 'districtSignIn' });
    expect((await h.request('GET', '/api/register/options')).body).toMatchObject({
      registrationPolicy: 'districtSignIn',
    });
    const audit = (await auditActions('privacy.settings.change')).at(-1)!;
    expect(audit.actor_id).toBe(admin.id);
    expect(audit.detail).toMatchObject({
      from: { registrationPolicy: 'open' },
      to: { registrationPolicy: 'districtSignIn' },
    });
  });
});

describe('district sign-in only', () => {
  beforeAll(async () => expect((await setPolicy('districtSignIn')).status).toBe(200));

  it('refuses every password registration with 403 saying how to get in, creating nothing', async () => {
    const before = await userCount();
    const res = await register(registration());
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(REGISTRATION_MESSAGES.districtSignInOnly);
    expect(res.sid).toBeUndefined();
    expect(await userCount()).toBe(before);
  });

  it('answers the refusal in Spanish to a Spanish browser', async () => {
    const res = await h.request('POST', '/api/register', {
      json: registration(),
      headers: { 'accept-language': 'es' },
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(
      'Los estudiantes no se registran aquí con una contraseña. Inicia sesión con tu cuenta del distrito.',
    );
  });
});

describe('join codes', () => {
  beforeAll(async () => expect((await setPolicy('joinCode')).status).toBe(200));

  it('without a code: 403 saying to ask for one, and nothing created', async () => {
    const before = await userCount();
    const res = await register(registration());
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(REGISTRATION_MESSAGES.joinCodeRequired);
    expect(await userCount()).toBe(before);
  });

  it('are created by supervisors for their own school and by admins for any, audited', async () => {
    expect((await createCode(student)).status).toBe(403);
    const other = await createCode(supervisor, {
      school: 'Jesuit High School',
      uses: 3,
      expiresAt: inDays(7),
    });
    expect(other.status).toBe(403);
    expect(other.body).toMatchObject({ message: REGISTRATION_MESSAGES.ownSchoolOnly });

    const own = await createCode(supervisor);
    expect(own.status).toBe(201);
    expect(own.body.code).toMatch(/^[A-Z2-9]{8}$/);
    const byAdmin = await createCode(admin, {
      school: 'Jesuit High School',
      uses: 1,
      expiresAt: inDays(1),
    });
    expect(byAdmin.status).toBe(201);

    const audit = await auditActions('join-code.create');
    expect(audit.map((a) => [a.actor_id, Number(a.target_id)])).toEqual([
      [supervisor.id, own.body.id],
      [admin.id, byAdmin.body.id],
    ]);
    expect(audit[0].detail).toMatchObject({ school: 'Riverdale High School', uses: 3 });
  });

  it('refuse a bad body with 400 naming the field', async () => {
    for (const [field, body] of [
      ['uses', { school: 'Riverdale High School', uses: 0, expiresAt: inDays(7) }],
      ['expiresAt', { school: 'Riverdale High School', uses: 2, expiresAt: inDays(-1) }],
      ['expiresAt', { school: 'Riverdale High School', uses: 2, expiresAt: 'next week' }],
      ['school', { school: 'Hogwarts', uses: 2, expiresAt: inDays(7) }],
    ] as const) {
      const res = await createCode(admin, body);
      expect(res.status).toBe(400);
      expect(res.body.errors[0].path).toBe(field);
    }
  });

  it('let a student register, typed in any case with a dash; the code sets the school', async () => {
    const { body: created } = await createCode(supervisor);
    const typed = `${created.code.slice(0, 4).toLowerCase()}-${created.code.slice(4)}`;
    const res = await register(registration({ joinCode: typed, school: 'Jesuit High School' }));
    expect(res.status).toBe(200);
    expect(res.body.school).toBe('Riverdale High School');
    // Without a school in the body at all, too.
    const { school: _school, ...noSchool } = registration({ joinCode: created.code });
    expect((await register(noSchool)).body.school).toBe('Riverdale High School');

    const list = await h.request('GET', '/api/admin/join-codes', { headers: supervisor.headers });
    expect(list.status).toBe(200);
    expect(list.body.find((c: { id: number }) => c.id === created.id)).toMatchObject({
      code: created.code,
      school: 'Riverdale High School',
      uses: 3,
      used: 2,
      active: true,
      revokedAt: null,
    });
  });

  it('list: supervisors see only their school’s codes, admins all, students none', async () => {
    const mine = await h.request('GET', '/api/admin/join-codes', { headers: supervisor.headers });
    expect(new Set(mine.body.map((c: { school: string }) => c.school))).toEqual(
      new Set(['Riverdale High School']),
    );
    const all = await h.request('GET', '/api/admin/join-codes', { headers: admin.headers });
    expect(all.body.map((c: { school: string }) => c.school)).toContain('Jesuit High School');
    expect(
      (await h.request('GET', '/api/admin/join-codes', { headers: student.headers })).status,
    ).toBe(403);
  });

  it('never admit more registrations than their uses, even all at once', async () => {
    const { body: created } = await createCode(supervisor, {
      school: 'Riverdale High School',
      uses: 2,
      expiresAt: inDays(3),
    });
    const before = await userCount();
    const results = await Promise.all(
      Array.from({ length: 6 }, () => register(registration({ joinCode: created.code }))),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 403, 403, 403, 403]);
    for (const refused of results.filter((r) => r.status === 403))
      expect(refused.body.message).toBe(REGISTRATION_MESSAGES.joinCodeInvalid);
    expect(await userCount()).toBe(before + 2);
    const [row] = (await h.db.query('SELECT used FROM auth.join_codes WHERE id = $1', [
      created.id,
    ])) as Array<{ used: number }>;
    expect(row.used).toBe(2);
  });

  it('give back the use when the registration fails for another reason', async () => {
    const { body: created } = await createCode(supervisor, {
      school: 'Riverdale High School',
      uses: 1,
      expiresAt: inDays(3),
    });
    const taken = await register(
      registration({ joinCode: created.code, username: student.username }),
    );
    expect(taken.status).toBe(400);
    expect((await register(registration({ joinCode: created.code }))).status).toBe(200);
  });

  it('stop working once expired or revoked (revocation audited, others’ codes refused)', async () => {
    const { body: expiring } = await createCode(supervisor);
    await h.db.query(
      `UPDATE auth.join_codes SET expires_at = now() - interval '1 minute' WHERE id = $1`,
      [expiring.id],
    );
    const expired = await register(registration({ joinCode: expiring.code }));
    expect(expired.status).toBe(403);
    expect(expired.body.message).toBe(REGISTRATION_MESSAGES.joinCodeInvalid);

    const { body: revoking } = await createCode(admin, {
      school: 'Jesuit High School',
      uses: 5,
      expiresAt: inDays(5),
    });
    // A supervisor of another school cannot revoke it; nor can a student.
    for (const caller of [supervisor, student])
      expect(
        (
          await h.request('DELETE', `/api/admin/join-codes/${revoking.id}`, {
            headers: caller.headers,
          })
        ).status,
      ).toBe(403);
    expect(
      (
        await h.request('DELETE', `/api/admin/join-codes/${revoking.id}`, {
          headers: admin.headers,
        })
      ).status,
    ).toBe(204);
    expect(
      (await h.request('DELETE', '/api/admin/join-codes/999999', { headers: admin.headers }))
        .status,
    ).toBe(404);
    const revoked = await register(registration({ joinCode: revoking.code }));
    expect(revoked.status).toBe(403);
    expect(revoked.body.message).toBe(REGISTRATION_MESSAGES.joinCodeInvalid);
    const [audit] = (await auditActions('join-code.revoke')).filter(
      (a) => Number(a.target_id) === revoking.id,
    );
    expect(audit.actor_id).toBe(admin.id);
    const list = await h.request('GET', '/api/admin/join-codes', { headers: admin.headers });
    expect(list.body.find((c: { id: number }) => c.id === revoking.id)).toMatchObject({
      active: false,
      revokedAt: expect.any(String),
    });
  });
});

describe('the roster policy', () => {
  beforeAll(async () => {
    expect((await setPolicy('roster')).status).toBe(200);
    // What an import leaves (the import's own suite covers how rows get here).
    await h.db.query(
      `INSERT INTO auth.roster_people (sourced_id, role, email, given_name, family_name, school, grade, active)
       VALUES ('stu-1', 'student', 'grace.hopper@students.district.test', 'Grace', 'Hopper', 'Grand Isle School', 11, true),
              ('stu-2', 'student', 'gone@students.district.test', 'Gone', 'Student', 'Grand Isle School', 10, false),
              ('tch-1', 'teacher', 'teacher@district.test', 'Tess', 'Teacher', 'Grand Isle School', NULL, true)`,
    );
  });

  it('refuses an address the roster does not hold (or holds for someone inactive or staff), creating nothing', async () => {
    const before = await userCount();
    for (const email of [
      'stranger@example.org',
      'gone@students.district.test',
      'teacher@district.test',
    ]) {
      const res = await register(registration({ email }));
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(REGISTRATION_MESSAGES.rosterOnly);
    }
    expect(await userCount()).toBe(before);
  });

  it("activates the student the roster holds the e-mail for, with the roster's school and grade", async () => {
    const res = await register(
      registration({
        email: 'Grace.Hopper@Students.District.test',
        school: 'Jesuit High School',
        grade: 9,
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ school: 'Grand Isle School', grade: 11 });
    const [person] = (await h.db.query(
      `SELECT user_id FROM auth.roster_people WHERE sourced_id = 'stu-1'`,
    )) as Array<{ user_id: number }>;
    expect(person.user_id).toBe(res.body.id);
  });

  it('lets a roster student activate one account only', async () => {
    const again = await register(registration({ email: 'grace.hopper@students.district.test' }));
    expect(again.status).toBe(403);
    expect(again.body.message).toBe(REGISTRATION_MESSAGES.rosterAlreadyRegistered);
  });
});
