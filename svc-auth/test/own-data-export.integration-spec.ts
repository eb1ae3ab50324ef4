import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { verifyIdentityToken } from '@district/service-kit';
import { startAuthService, type AuthTestService } from './support/auth-fixtures';
import { createUser, type TestUser } from './support/directory-fixtures';

// Issue 20: GET /api/user/export. svc-auth's own part comes from its tables; each other service's
// part from its /internal/export, asked with the student's own identity. Here one HTTP server
// stands in for the other services (the real ones are exercised end to end in e2e/privacy).
let h: AuthTestService;
let source: Server;
let student: TestUser;
let admin: TestUser;
const seenIdentities: Array<{ id: number; isAdmin: boolean }> = [];
let failing = false;

beforeAll(async () => {
  source = createServer((req, res) => {
    const token = req.headers['x-identity'];
    const identity = typeof token === 'string' ? verifyIdentityToken(token, secret()) : null;
    if (req.url !== '/internal/export' || !identity || failing) {
      res.writeHead(failing ? 503 : 401).end();
      return;
    }
    seenIdentities.push({ id: identity.id, isAdmin: identity.isAdmin });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        service: 'svc-volunteer',
        parts: { signups: [{ id: 1, userId: identity.id }], photos: [] },
      }),
    );
  });
  await new Promise<void>((resolve) => source.listen(0, '127.0.0.1', resolve));
  const { port } = source.address() as AddressInfo;
  h = await startAuthService({ EXPORT_SOURCES: [`http://127.0.0.1:${port}`] });
  student = await createUser(h, 'student', { name: 'Ella Export', serviceHours: 3 });
  admin = await createUser(h, 'admin', { name: 'Al Admin' });
});

afterAll(async () => {
  await h?.close();
  await new Promise((resolve) => source?.close(resolve));
});

const secret = () => h.config.IDENTITY_SECRET;

describe('GET /api/user/export', () => {
  it("is one JSON download of the profile, hour credits, consent, audit entries and every service's part", async () => {
    // Something about them in the trail: an admin moves them to another school.
    await h.request('PATCH', `/api/users/${student.id}/school`, {
      headers: admin.headers,
      json: { school: 'Jesuit High School' },
    });
    const res = await h.request<Record<string, unknown>>('GET', '/api/user/export', {
      headers: student.headers,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="my-data-${student.username}.json"`,
    );
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body.profile).toMatchObject({
      id: student.id,
      username: student.username,
      name: 'Ella Export',
      email: `${student.username}@example.org`,
      school: 'Jesuit High School',
      serviceHours: 3,
      directoryVisible: true,
    });
    expect(res.body.consent).toEqual({ mode: 'school', guardian: null });
    expect(res.body.hourCredits).toEqual([]);
    expect(res.body.auditEntries).toEqual([
      expect.objectContaining({
        action: 'user.school.change',
        actorId: admin.id,
        targetType: 'user',
        targetId: String(student.id),
      }),
    ]);
    expect(res.body.services).toEqual({
      'svc-volunteer': { signups: [{ id: 1, userId: student.id }], photos: [] },
    });
    expect(JSON.stringify(res.body)).not.toMatch(/password|argon2/i);
    // Asked as the student themselves, never with staff rights.
    expect(seenIdentities.at(-1)).toEqual({ id: student.id, isAdmin: false });
  });

  it('answers 503 rather than an incomplete file when a service does not hand over its part', async () => {
    failing = true;
    try {
      const res = await h.request('GET', '/api/user/export', { headers: student.headers });
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ message: 'Service temporarily unavailable' });
    } finally {
      failing = false;
    }
  });

  it('is refused signed out', async () => {
    expect((await h.request('GET', '/api/user/export')).status).toBe(401);
  });
});
