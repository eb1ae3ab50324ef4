import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Opportunity, SignupEntry } from '@district/contracts';
import { identityHeader } from '@district/service-kit/testing';
import {
  admin,
  opportunityBody,
  otherStudent,
  startVolunteerService,
  student,
  supervisor,
  type TestUser,
  type VolunteerService,
} from './support/volunteer-fixtures';

// Issue 20: a student who hid themselves (user.updated directoryVisible false from svc-auth).
describe('sign-up lists with a hidden student (svc-volunteer, real PostgreSQL and Redis)', () => {
  let app: VolunteerService;
  let opportunityId: number;

  const signups = (as: TestUser) =>
    app.request<SignupEntry[]>('GET', `/api/opportunities/${opportunityId}/signups`, { as });
  const chooseVisibility = (user: TestUser, directoryVisible: boolean) =>
    app.events.deliver('user.updated', {
      id: user.id,
      name: user.name!,
      school: user.school!,
      grade: 10,
      avatarUrl: null,
      isAdmin: false,
      isSupervisor: false,
      directoryVisible,
      language: 'en',
    });

  beforeAll(async () => {
    app = await startVolunteerService();
    await app.events.registerUsers(admin, supervisor, student, otherStudent);
    opportunityId = (
      await app.request<Opportunity>('POST', '/api/opportunities', {
        as: admin,
        json: opportunityBody(),
      })
    ).body.id;
    for (const user of [student, otherStudent]) {
      expect(
        (await app.request('POST', `/api/opportunities/${opportunityId}/signup`, { as: user }))
          .status,
      ).toBe(201);
    }
    await chooseVisibility(student, false);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('shows other students "A student from <school>" instead of the name, and nothing else about them', async () => {
    const res = await signups(otherStudent);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      // The screen reads "A student from <school>".
      { name: 'A student', school: student.school, mine: false, anonymous: true },
      { name: otherStudent.name, school: otherStudent.school, mine: true },
    ]);
    expect(res.text).not.toContain(student.name!);
    expect(res.text).not.toMatch(/"id"|hidden|email/);
  });

  it('shows the student their own entry normally', async () => {
    expect((await signups(student)).body[0]).toEqual({
      name: student.name,
      school: student.school,
      mine: true,
    });
  });

  it('shows admins and supervisors the name, marked hidden', async () => {
    for (const viewer of [admin, supervisor]) {
      expect((await signups(viewer)).body[0]).toEqual({
        name: student.name,
        school: student.school,
        mine: false,
        hidden: true,
      });
    }
  });

  it("still counts them in the opportunity's filled spaces", async () => {
    const list = await app.request<Opportunity[]>('GET', '/api/opportunities?status=active', {
      as: otherStudent,
    });
    expect(list.body.find((o) => o.id === opportunityId)).toMatchObject({ filled: 2 });
  });

  it('shows the name again once they choose to be visible', async () => {
    await chooseVisibility(student, true);
    expect((await signups(otherStudent)).body[0]).toEqual({
      name: student.name,
      school: student.school,
      mine: false,
    });
    await chooseVisibility(student, false);
  });
});

// Issue 20: svc-volunteer's part of a student's data export (svc-auth calls it with their identity).
describe('GET /internal/export (svc-volunteer)', () => {
  let app: VolunteerService;

  beforeAll(async () => {
    app = await startVolunteerService();
    await app.events.registerUsers(admin, student, otherStudent);
    const opportunity = (
      await app.request<Opportunity>('POST', '/api/opportunities', {
        as: admin,
        json: opportunityBody({ title: 'Park Cleanup' }),
      })
    ).body;
    for (const user of [student, otherStudent]) {
      await app.request('POST', `/api/opportunities/${opportunity.id}/signup`, { as: user });
    }
  });
  afterAll(async () => {
    await app?.close();
  });

  it("hands over the caller's own sign-ups with the opportunity, and nobody else's", async () => {
    const res = await app.request<{
      service: string;
      parts: { signups: Array<Record<string, unknown>>; photos: unknown[] };
    }>('GET', '/internal/export', { as: student });
    expect(res.status).toBe(200);
    const raw = await fetch(`${app.service.url}/internal/export`, {
      headers: identityHeader(student),
    });
    expect(raw.headers.get('cache-control')).toBe('no-store');
    expect(res.body.service).toBe('svc-volunteer');
    expect(res.body.parts.signups).toHaveLength(1);
    expect(res.body.parts.signups[0]).toMatchObject({
      userId: student.id,
      opportunity: { title: 'Park Cleanup' },
    });
    expect(res.body.parts.photos).toEqual([]);
    expect(res.text).not.toContain(`"userId":${otherStudent.id}`);
  });

  it('is refused without an identity', async () => {
    expect((await app.request('GET', '/internal/export')).status).toBe(401);
  });
});
