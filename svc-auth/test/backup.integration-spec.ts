import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { backupUserSchema, usersBackupFileName } from '@district/contracts';
import { startAuthService, type AuthTestService } from './support/auth-fixtures';
import {
  createUser,
  HoursApprovedSender,
  insertLegacyUser,
  type TestUser,
} from './support/directory-fixtures';
import { eventually } from '@district/service-kit/testing';

let h: AuthTestService;
let student: TestUser;
let supervisor: TestUser;
let admin: TestUser;

beforeAll(async () => {
  h = await startAuthService();
  student = await createUser(h, 'student', { name: 'Bea Backup', serviceHours: 2 });
  supervisor = await createUser(h, 'supervisor');
  admin = await createUser(h, 'admin');
});

afterAll(async () => {
  await h?.close();
});

const backup = (headers: Record<string, string> = admin.headers) =>
  h.request('GET', '/api/backup/users', { headers });

describe('GET /api/backup/users', () => {
  it('is refused signed out (401) and to students and supervisors (403)', async () => {
    expect((await h.request('GET', '/api/backup/users')).status).toBe(401);
    for (const caller of [student, supervisor]) {
      const res = await backup(caller.headers);
      expect(res.status).toBe(403);
      expect(res.text).not.toContain('Bea Backup');
    }
  });

  it('downloads a dated JSON file of every user without password hashes or tokens', async () => {
    await h.db.query(
      `INSERT INTO auth.password_reset_tokens (user_id, token_hash, expires_at)
       VALUES ($1, repeat('b', 64), now() + interval '1 hour')`,
      [student.id],
    );
    const legacy = await insertLegacyUser(h, { name: 'Old Row', school: 'east jeff' });
    const hours = new HoursApprovedSender(h);
    await hours.send(4242, student.id, 1.5);
    await eventually(
      async () =>
        expect(
          await (
            await h.request('GET', '/api/user', { sid: student.sid })
          ).body.serviceHours,
        ).toBe(3.5),
      {
        timeout: 10_000,
      },
    );
    await hours.close();

    const res = await backup();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="${usersBackupFileName()}"`,
    );
    expect(res.headers.get('content-disposition')).toMatch(
      /filename="users-backup-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.text).not.toMatch(/password|argon2|token|hash/i);

    const users = JSON.parse(res.text) as Array<Record<string, unknown>>;
    expect(users.map((u) => u.id)).toEqual(
      [student.id, supervisor.id, admin.id, legacy].sort((a, b) => a - b),
    );
    for (const user of users) {
      expect(Object.keys(user).sort()).toEqual(
        [
          'avatarUrl',
          'email',
          'grade',
          'id',
          'isAdmin',
          'isSupervisor',
          'name',
          'school',
          'serviceHours',
          'username',
        ].sort(),
      );
      expect(backupUserSchema.strict().safeParse(user).success).toBe(true);
    }
    expect(users.find((u) => u.id === student.id)).toMatchObject({
      name: 'Bea Backup',
      username: student.username,
      serviceHours: 3.5,
      isAdmin: false,
    });
    expect(users.find((u) => u.id === admin.id)).toMatchObject({ isAdmin: true });
    // The school exactly as stored: a backup is for restoring, not for display.
    expect(users.find((u) => u.id === legacy)?.school).toBe('east jeff');
  });

  it('is a valid empty-ish file when only the admin exists', async () => {
    const solo = await startAuthService();
    try {
      const only = await createUser(solo, 'admin');
      const res = await solo.request('GET', '/api/backup/users', { headers: only.headers });
      expect(res.status).toBe(200);
      expect((JSON.parse(res.text) as unknown[]).length).toBe(1);
    } finally {
      await solo.close();
    }
  });
});
