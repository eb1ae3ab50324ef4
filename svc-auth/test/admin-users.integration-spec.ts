import { readdir } from 'node:fs/promises';
import sharp from 'sharp';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { identityHeader, testRedisUrl, eventually } from '@district/service-kit/testing';
import { startAuthService, type AuthTestService } from './support/auth-fixtures';
import {
  createUser,
  HoursApprovedSender,
  insertLegacyUser,
  outboxCount,
  outboxRows,
  type TestUser,
} from './support/directory-fixtures';

let h: AuthTestService;
let student: TestUser;
let supervisor: TestUser;
let admin: TestUser;

beforeAll(async () => {
  h = await startAuthService();
  student = await createUser(h, 'student');
  supervisor = await createUser(h, 'supervisor');
  admin = await createUser(h, 'admin');
});

afterAll(async () => {
  await h?.close();
});

async function schoolOf(id: number): Promise<string | undefined> {
  const rows = (await h.db.query('SELECT school FROM auth.users WHERE id = $1', [id])) as Array<{
    school: string;
  }>;
  return rows[0]?.school;
}

async function exists(id: number): Promise<boolean> {
  return (await schoolOf(id)) !== undefined;
}

const changeSchool = (id: number | string, json: unknown, headers = admin.headers) =>
  h.request('PATCH', `/api/users/${id}/school`, { json, headers });
const deleteUser = (id: number | string, headers = admin.headers) =>
  h.request('DELETE', `/api/users/${id}`, { headers });

describe('PATCH /api/users/{id}/school', () => {
  it('is refused signed out (401), to students and supervisors (403), and changes nothing', async () => {
    const target = await createUser(h, 'student', { school: 'Jesuit High School' });
    const before = await outboxCount(h);
    expect(
      (
        await h.request('PATCH', `/api/users/${target.id}/school`, {
          json: { school: 'Rummel High School' },
        })
      ).status,
    ).toBe(401);
    for (const caller of [student, supervisor]) {
      const res = await changeSchool(target.id, { school: 'Rummel High School' }, caller.headers);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ statusCode: 403, message: 'Forbidden' });
    }
    // A student cannot move themselves either.
    expect(
      (await changeSchool(target.id, { school: 'Rummel High School' }, target.headers)).status,
    ).toBe(403);
    expect(await schoolOf(target.id)).toBe('Jesuit High School');
    expect(await outboxCount(h)).toBe(before);
  });

  it('moves the student, answers the card, shows in the directory and emits user.updated', async () => {
    const target = await createUser(h, 'student', {
      name: 'Mo Mover',
      school: 'Jesuit High School',
      grade: 8,
    });
    const res = await changeSchool(target.id, { school: 'West Jefferson High School' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: target.id,
      // The same card key the directory gives it (issue 20).
      ref: target.ref,
      name: 'Mo Mover',
      school: 'West Jefferson High School',
      grade: 8,
      avatarUrl: null,
      serviceHours: 4.5,
      isAdmin: false,
      isSupervisor: false,
    });
    expect(await schoolOf(target.id)).toBe('West Jefferson High School');
    const listed = await h.request('GET', '/api/directory', { headers: student.headers });
    expect(listed.body.find((u: { ref: string }) => u.ref === target.ref).school).toBe(
      'West Jefferson High School',
    );
    const events = await outboxRows(h, 'user.updated', target.id);
    expect(events).toHaveLength(1);
    expect(events[0].payload).toEqual({
      id: target.id,
      name: 'Mo Mover',
      school: 'West Jefferson High School',
      grade: 8,
      avatarUrl: null,
      isAdmin: false,
      isSupervisor: false,
      directoryVisible: true,
      language: 'en',
      restricted: false,
      active: true,
    });
    // The relay hands it to every replica.
    for (const consumer of ['svc-volunteer', 'svc-content', 'svc-hours']) {
      const q = new Queue(`events-${consumer}`, {
        connection: { url: testRedisUrl() },
        prefix: h.config.BULLMQ_PREFIX,
      });
      await eventually(
        async () =>
          expect(await (await q.getJob(events[0].id))?.data?.payload?.school).toBe(
            'West Jefferson High School',
          ),
        {
          timeout: 10_000,
        },
      );
      await q.close();
    }
  });

  it('moves a legacy free-text row onto a registry school', async () => {
    const legacy = await insertLegacyUser(h, { name: 'Lee Legacy', school: 'somewhere else' });
    const res = await changeSchool(legacy, { school: 'Grand Isle School' });
    expect(res.status).toBe(200);
    expect(res.body.school).toBe('Grand Isle School');
  });

  it('accepts only registry names: 400 "Invalid school selection" naming the field, nothing written', async () => {
    const target = await createUser(h, 'student', { school: 'Jesuit High School' });
    const before = await outboxCount(h);
    for (const body of [
      { school: 'Hogwarts' },
      { school: 'jesuit high school' },
      { school: 'PFT' },
      { school: '' },
      { school: 42 },
      { school: null },
      {},
    ]) {
      const res = await changeSchool(target.id, body);
      expect(res.status).toBe(400);
      expect(res.body.errors).toContainEqual({
        path: 'school',
        message: 'Invalid school selection',
      });
    }
    const extra = await changeSchool(target.id, { school: 'Rummel High School', isAdmin: true });
    expect(extra.status).toBe(400);
    const malformed = await h.request('PATCH', `/api/users/${target.id}/school`, {
      body: '{"school":',
      headers: { ...admin.headers, 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(await schoolOf(target.id)).toBe('Jesuit High School');
    expect(await outboxCount(h)).toBe(before);
  });

  it('answers 404 for an unknown user and 400 for an id that is not one', async () => {
    const unknown = await changeSchool(2_000_000, { school: 'Rummel High School' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ statusCode: 404, message: 'User not found' });
    expect((await changeSchool('abc', { school: 'Rummel High School' })).status).toBe(400);
  });
});

describe('DELETE /api/users/{id}', () => {
  it('is refused signed out (401) and to students and supervisors (403); the account stays', async () => {
    const target = await createUser(h, 'student');
    expect((await h.request('DELETE', `/api/users/${target.id}`)).status).toBe(401);
    for (const caller of [student, supervisor, target]) {
      expect((await deleteUser(target.id, caller.headers)).status).toBe(403);
    }
    expect(await exists(target.id)).toBe(true);
    expect((await h.request('GET', '/api/user', { sid: target.sid })).status).toBe(200);
  });

  // An admin deleting their own account (403, recorded, nothing deleted):
  // src/admin-users/admin-users.service.spec.ts.
  it('deletes the account, ends its sessions at once, removes its tokens, credits and avatar, and emits user.deleted', async () => {
    const target = await createUser(h, 'student', { name: 'Gone Soon' });
    // A second browser signed in too.
    const login = await h.request('POST', '/api/login', {
      json: { username: target.username, password: 'correct horse battery' },
    });
    expect(login.status).toBe(200);
    const picture = await sharp({
      create: { width: 64, height: 64, channels: 3, background: '#884422' },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('avatar', new Blob([new Uint8Array(picture)], { type: 'image/png' }), 'me.png');
    const upload = await h.request('PATCH', '/api/user/avatar', {
      body: form,
      headers: identityHeader({ id: target.id }),
    });
    expect(upload.status).toBe(200);
    const avatarFile = (upload.body.avatarUrl as string).split('/').pop()!;
    expect(await readdir(h.avatarDir)).toContain(avatarFile);
    await h.db.query(
      `INSERT INTO auth.password_reset_tokens (user_id, token_hash, expires_at)
       VALUES ($1, repeat('a', 64), now() + interval '1 hour')`,
      [target.id],
    );
    const hours = new HoursApprovedSender(h);
    await hours.send(7001, target.id, 2);
    await eventually(
      async () =>
        expect(
          await (
            await h.request('GET', '/api/user', { sid: target.sid })
          ).body.serviceHours,
        ).toBe(6.5),
      {
        timeout: 10_000,
      },
    );
    await hours.close();

    const res = await deleteUser(target.id);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');

    // Both browsers are signed out on their very next request, and the gateway check fails.
    for (const sid of [target.sid, login.sid!]) {
      expect((await h.request('GET', '/api/user', { sid })).status).toBe(401);
      expect((await h.request('GET', '/internal/auth/verify', { sid })).status).toBe(401);
    }
    for (const sid of [target.sid, login.sid!])
      expect(await h.redis.exists(`${h.config.BULLMQ_PREFIX}:sess:${sid}`)).toBe(0);
    expect(await h.redis.exists(`${h.config.BULLMQ_PREFIX}:user-sess:${target.id}`)).toBe(0);
    // Nor can the password sign in again.
    const relogin = await h.request('POST', '/api/login', {
      json: { username: target.username, password: 'correct horse battery' },
    });
    expect(relogin.status).toBe(401);

    expect(await exists(target.id)).toBe(false);
    for (const table of ['password_reset_tokens', 'hour_credits']) {
      const rows = (await h.db.query(`SELECT 1 FROM auth.${table} WHERE user_id = $1`, [
        target.id,
      ])) as unknown[];
      expect(rows).toHaveLength(0);
    }
    expect(await readdir(h.avatarDir)).not.toContain(avatarFile);
    const listed = await h.request('GET', '/api/directory', { headers: student.headers });
    expect(listed.body.map((u: { ref: string }) => u.ref)).not.toContain(target.ref);

    const events = await outboxRows(h, 'user.deleted', target.id);
    expect(events).toHaveLength(1);
    expect(events[0].payload).toEqual({ id: target.id });
    for (const consumer of ['svc-volunteer', 'svc-content', 'svc-hours']) {
      const q = new Queue(`events-${consumer}`, {
        connection: { url: testRedisUrl() },
        prefix: h.config.BULLMQ_PREFIX,
      });
      await eventually(
        async () => expect(await (await q.getJob(events[0].id))?.data?.type).toBe('user.deleted'),
        { timeout: 10_000 },
      );
      await q.close();
    }
    // Gone is gone: a second delete is a 404.
    expect((await deleteUser(target.id)).status).toBe(404);
  });

  it('lets an admin delete another admin, and answers 404/400 for unknown or malformed ids', async () => {
    const otherAdmin = await createUser(h, 'admin');
    expect((await deleteUser(otherAdmin.id)).status).toBe(204);
    expect(await exists(otherAdmin.id)).toBe(false);
    const unknown = await deleteUser(2_000_001);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ statusCode: 404, message: 'User not found' });
    expect((await deleteUser('12abc')).status).toBe(400);
    expect((await deleteUser('-4')).status).toBe(400);
  });
});
