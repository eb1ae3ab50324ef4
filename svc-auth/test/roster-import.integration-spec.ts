import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { registration, startAuthService, type AuthTestService } from './support/auth-fixtures';
import { createUser, outboxRows, type TestUser } from './support/directory-fixtures';

// Issue 31 "Rosters from the student information system": OneRoster 1.1 CSV bundles through
// POST /api/admin/rosters against the real database: preview, all-or-nothing apply, idempotence,
// deactivation and reactivation, and files that are not rosters.
let h: AuthTestService;
let admin: TestUser;

const ORGS_HEADER = 'sourcedId,status,dateLastModified,name,type,identifier,parentSourcedId';
const USERS_HEADER =
  'sourcedId,status,dateLastModified,enabledUser,orgSourcedIds,role,username,userIds,givenName,familyName,middleName,identifier,email,sms,phone,agentSourcedIds,grades,password';
const ORGS = [
  ORGS_HEADER,
  'd1,active,2026-08-01,Jefferson Parish Schools,district,,',
  'o-gi,active,2026-08-01,Grand Isle School,school,GIS,d1',
  'o-rv,active,2026-08-01,Riverdale High,school,RHS,d1',
].join('\n');
const student = (id: string, email: string, org = 'o-gi', grade = '10') =>
  `${id},active,2026-08-01,true,${org},student,${id},,Given ${id},Family,,,${email},,,,${grade},`;
const teacher = (id: string, email: string) =>
  `${id},active,2026-08-01,true,o-rv,teacher,${id},,Tess,Teacher,,,${email},,,,,`;
const users = (...lines: string[]) => [USERS_HEADER, ...lines].join('\r\n');

function upload(
  files: { orgs?: string | Uint8Array; users?: string | Uint8Array },
  query = '',
  caller: TestUser = admin,
) {
  const form = new FormData();
  if (files.orgs !== undefined) form.append('orgs', new Blob([files.orgs]), 'orgs.csv');
  if (files.users !== undefined) form.append('users', new Blob([files.users]), 'users.csv');
  return h.request('POST', `/api/admin/rosters${query}`, { body: form, headers: caller.headers });
}
const people = async () =>
  (await h.db.query(
    'SELECT sourced_id, role, school, grade, active, user_id, updated_at FROM auth.roster_people ORDER BY sourced_id',
  )) as Array<Record<string, unknown>>;

const baseRoster = users(
  student('s1', 'ann@students.district.test'),
  student('s2', 'ben@students.district.test', 'o-rv', '12'),
  teacher('t1', 'tess@district.test'),
  // A parent: not a person of the platform.
  'p1,active,2026-08-01,true,o-gi,parent,p1,,Pat,Parent,,,pat@example.org,,,,,',
);

beforeAll(async () => {
  h = await startAuthService();
  admin = await createUser(h, 'admin');
});
afterAll(() => h.close());

describe('POST /api/admin/rosters', () => {
  it('is for admins only', async () => {
    const supervisor = await createUser(h, 'supervisor');
    expect((await upload({ orgs: ORGS, users: baseRoster }, '', supervisor)).status).toBe(403);
  });

  it('previews with ?dryRun=true and applies nothing', async () => {
    const res = await upload({ orgs: ORGS, users: baseRoster }, '?dryRun=true');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      applied: false,
      created: 3,
      updated: 0,
      reactivated: 0,
      deactivated: 0,
      unchanged: 0,
    });
    expect(await people()).toEqual([]);
  });

  it('applies: schools matched to the registry, grades for students; audited', async () => {
    const res = await upload({ orgs: ORGS, users: baseRoster });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ applied: true, created: 3 });
    expect((await people()).map((p) => [p.sourced_id, p.role, p.school, p.grade])).toEqual([
      ['s1', 'student', 'Grand Isle School', 10],
      ['s2', 'student', 'Riverdale High School', 12],
      ['t1', 'teacher', 'Riverdale High School', null],
    ]);
    const [audit] = (await h.db.query(
      `SELECT actor_id, detail FROM auth.audit_log WHERE action = 'roster.import'`,
    )) as Array<{ actor_id: number; detail: Record<string, unknown> }>;
    expect(audit).toMatchObject({ actor_id: admin.id, detail: { created: 3 } });
  });

  it('changes nothing when the same file is imported again', async () => {
    const before = await people();
    const res = await upload({ orgs: ORGS, users: baseRoster });
    expect(res.body).toEqual({
      applied: true,
      created: 0,
      updated: 0,
      reactivated: 0,
      deactivated: 0,
      unchanged: 3,
    });
    expect(await people()).toEqual(before);
  });

  it.each([
    [
      'wrong columns',
      { orgs: ORGS, users: 'id,name,email\n1,Ann,ann@example.org' },
      'users',
      /^line 1: not a OneRoster users\.csv: missing the columns sourcedId, enabledUser/,
      { line: 1, code: 'missingColumns', params: expect.objectContaining({ file: 'users' }) },
    ],
    [
      'a wrong encoding (Windows-1252)',
      {
        orgs: ORGS,
        users: Buffer.concat([
          Buffer.from(`${USERS_HEADER}\n${student('s1', 'ann@students.district.test')}\n`),
          Buffer.from(
            's9,active,2026-08-01,true,o-gi,student,s9,,Jos\xe9,Ruiz,,,,,,,9,\n',
            'latin1',
          ),
        ]),
      },
      'users',
      /^line 3: the file is not UTF-8 text$/,
      { line: 3, code: 'notUtf8', params: {} },
    ],
    [
      'a school the district does not have',
      { orgs: `${ORGS}\no-x,active,2026-08-01,Hogwarts School,school,,d1`, users: baseRoster },
      'orgs',
      /^line 5: "Hogwarts School" is not one of the district's schools$/,
      { line: 5, code: 'unknownSchool', params: { name: 'Hogwarts School' } },
    ],
    [
      'a duplicated id',
      { orgs: ORGS, users: users(student('s1', 'a@x.test'), student('s1', 'b@x.test')) },
      'users',
      /^line 3: sourcedId s1 is already on line 2$/,
      { line: 3, code: 'duplicateId', params: { id: 's1', firstLine: 2 } },
    ],
    [
      'a grade the platform does not have',
      { orgs: ORGS, users: users(student('s1', 'a@x.test', 'o-gi', 'KG')) },
      'users',
      /^line 2: grade "KG" is not one of 6 to 12$/,
      { line: 2, code: 'invalidGrade', params: { grade: 'KG', min: 6, max: 12 } },
    ],
    [
      'a person whose org is unknown',
      { orgs: ORGS, users: users(student('s1', 'a@x.test', 'o-nowhere')) },
      'users',
      /^line 2: none of the orgs o-nowhere is a school of the district/,
      { line: 2, code: 'noDistrictSchool', params: { orgs: 'o-nowhere', count: 1 } },
    ],
  ])(
    'refuses %s with the file, the line and the reason, applying nothing',
    async (_, files, path, message, coded) => {
      const before = await people();
      const res = await upload(files);
      expect(res.status).toBe(400);
      expect(res.body.errors[0].path).toBe(path);
      expect(res.body.errors[0].message).toMatch(message);
      // The reason as a code and its parameters, for the admin's screen in their language.
      expect(res.body.errors[0]).toMatchObject(coded);
      expect(await people()).toEqual(before);
    },
  );

  it('refuses 50 MB of noise with a reason and line 1, applying nothing', async () => {
    const noise = new Uint8Array(50 * 1024 * 1024);
    for (let i = 0; i < noise.length; i += 65536)
      crypto.getRandomValues(noise.subarray(i, Math.min(i + 65536, noise.length)));
    const before = await people();
    const res = await upload({ orgs: ORGS, users: noise });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({
      path: 'users',
      message: expect.stringMatching(/^line 1: /),
    });
    expect(await people()).toEqual(before);
  });

  it('asks for both files', async () => {
    const res = await upload({ users: baseRoster });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].path).toBe('orgs');
  });
});

describe('people missing from a full import', () => {
  let ann: { id: number; sid: string; username: string };

  beforeAll(async () => {
    // Ann activates her account under the roster policy (school and grade from the roster).
    await h.request('PATCH', '/api/privacy/settings', {
      headers: admin.headers,
      json: { registrationPolicy: 'roster' },
    });
    const body = registration({ email: 'ann@students.district.test', name: 'Ann Roster' });
    const res = await h.request('POST', '/api/register', { json: body });
    expect(res.status).toBe(200);
    ann = { id: res.body.id, sid: res.sid!, username: body.username as string };
    // Hours and records she has: kept through deactivation.
    await h.db.query(`UPDATE auth.users SET service_hours = 12 WHERE id = $1`, [ann.id]);
  });

  it('are deactivated, not deleted: signed out, unable to sign in, hidden, records kept', async () => {
    const withoutAnn = users(
      student('s2', 'ben@students.district.test', 'o-rv', '12'),
      teacher('t1', 'tess@district.test'),
    );
    const preview = await upload({ orgs: ORGS, users: withoutAnn }, '?dryRun=true');
    expect(preview.body).toMatchObject({ applied: false, deactivated: 1, unchanged: 2 });
    const res = await upload({ orgs: ORGS, users: withoutAnn });
    expect(res.body).toMatchObject({ applied: true, deactivated: 1 });

    expect((await h.request('GET', '/api/user', { sid: ann.sid })).status).toBe(401);
    const login = await h.request('POST', '/api/login', {
      json: { username: ann.username, password: 'correct horse battery' },
    });
    expect(login.status).toBe(401);
    const directory = await h.request<Array<{ name: string }>>('GET', '/api/directory', {
      headers: admin.headers,
    });
    expect(directory.body.map((u) => u.name)).not.toContain('Ann Roster');
    const [row] = (await h.db.query('SELECT active, service_hours FROM auth.users WHERE id = $1', [
      ann.id,
    ])) as Array<{ active: boolean; service_hours: string }>;
    expect(row).toEqual({ active: false, service_hours: '12.0' });
    const events = await outboxRows(h, 'user.updated', ann.id);
    expect(events.at(-1)?.payload).toMatchObject({ id: ann.id, active: false });

    // Every later user.updated carries the stored `active`: an admin's change while she is
    // deactivated keeps her hidden in the other services' replicas.
    const moved = await h.request('PATCH', `/api/users/${ann.id}/school`, {
      headers: admin.headers,
      json: { school: 'Jesuit High School' },
    });
    expect(moved.status).toBe(200);
    const after = await outboxRows(h, 'user.updated', ann.id);
    expect(after).toHaveLength(events.length + 1);
    expect(after.at(-1)?.payload).toMatchObject({ school: 'Jesuit High School', active: false });
  });

  it('come back when a later roster has them again', async () => {
    const res = await upload({ orgs: ORGS, users: baseRoster });
    expect(res.body).toMatchObject({ applied: true, reactivated: 1 });
    const login = await h.request('POST', '/api/login', {
      json: { username: ann.username, password: 'correct horse battery' },
    });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ school: 'Grand Isle School', grade: 10 });
    const events = await outboxRows(h, 'user.updated', ann.id);
    expect(events.at(-1)?.payload).toMatchObject({ id: ann.id, active: true });
  });

  it("moves an account's school and grade with the roster, and gives teachers rights by rule", async () => {
    await h.request('PATCH', '/api/privacy/settings', {
      headers: admin.headers,
      json: { registrationPolicy: 'open' },
    });
    const tess = await createUser(h, 'student', { email: 'tess@district.test' });
    await h.db.query(`UPDATE auth.roster_people SET user_id = $1 WHERE sourced_id = 't1'`, [
      tess.id,
    ]);
    const moved = users(
      student('s1', 'ann@students.district.test', 'o-rv', '11'),
      student('s2', 'ben@students.district.test', 'o-rv', '12'),
      teacher('t1', 'tess@district.test'),
    );
    const res = await upload({ orgs: ORGS, users: moved }, '?teachers=supervisor');
    expect(res.body).toMatchObject({ applied: true, updated: 1 });
    const rows = (await h.db.query(
      'SELECT id, school, grade, is_supervisor FROM auth.users WHERE id = ANY($1) ORDER BY id',
      [[ann.id, tess.id]],
    )) as Array<Record<string, unknown>>;
    expect(rows).toEqual([
      { id: ann.id, school: 'Riverdale High School', grade: 11, is_supervisor: false },
      { id: tess.id, school: 'Riverdale High School', grade: 10, is_supervisor: true },
    ]);
  });
});
