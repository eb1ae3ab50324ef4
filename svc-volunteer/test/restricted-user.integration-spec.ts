import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CONSENT_MESSAGES, type Opportunity } from '@district/contracts';
import {
  admin,
  opportunityBody,
  otherStudent,
  startVolunteerService,
  type TestUser,
  type VolunteerService,
} from './support/volunteer-fixtures';

// Issue 20: a student under 13 waiting for a guardian's consent (`restricted` in the replica
// payload) adds no photos and is hidden from other students' sign-up lists, until consent.
describe('a restricted student (guardian consent pending)', () => {
  const child: TestUser = { id: 60, name: 'Cleo Child', school: 'Jesuit High School' };
  let app: VolunteerService;
  const replica = (restricted: boolean, type: 'user.registered' | 'user.updated') =>
    app.events.deliver(type, {
      id: child.id,
      name: child.name!,
      school: 'Jesuit High School',
      grade: 6,
      avatarUrl: null,
      isAdmin: false,
      isSupervisor: false,
      // Visible by choice: the restriction alone must hide them from peers.
      directoryVisible: true,
      restricted,
    });

  beforeAll(async () => {
    app = await startVolunteerService();
    await app.events.registerUsers(admin, otherStudent);
    await replica(true, 'user.registered');
  });
  afterAll(async () => {
    await app?.close();
  });

  const create = async (): Promise<Opportunity> =>
    (
      await app.request<Opportunity>('POST', '/api/opportunities', {
        as: admin,
        json: opportunityBody(),
      })
    ).body;
  const photo = (id: number) =>
    app.request('POST', `/api/opportunities/${id}/photos`, {
      as: child,
      json: { opportunityId: id, photoUrl: 'https://photos.example.org/a.jpg', caption: 'Us' },
    });

  it('refuses photos with 403 saying why, then takes them once the guardian consented', async () => {
    const past = await create();
    await app.request('PATCH', `/api/opportunities/${past.id}/status`, {
      as: admin,
      json: { status: 'archived' },
    });
    const refused = await photo(past.id);
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).toContain(CONSENT_MESSAGES.restrictedPhoto);
    expect(await app.sql('SELECT 1 FROM event_photos WHERE user_id = $1', [child.id])).toHaveLength(
      0,
    );

    await replica(false, 'user.updated');
    expect((await photo(past.id)).status).toBe(201);
    await replica(true, 'user.updated');
  });

  it('lets them sign up, but other students see only "A student" on the list', async () => {
    const opp = await create();
    expect(
      (await app.request('POST', `/api/opportunities/${opp.id}/signup`, { as: child })).status,
    ).toBeLessThan(300);
    const list = await app.request<Array<{ name: string }>>(
      'GET',
      `/api/opportunities/${opp.id}/signups`,
      { as: otherStudent },
    );
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain('Cleo Child');
    expect(list.body.map((s) => s.name)).toContain('A student');
  });
});
