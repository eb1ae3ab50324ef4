import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { EventPhoto, Opportunity, SignupEntry } from '@district/contracts';
import {
  admin,
  opportunityBody,
  otherStudent,
  startVolunteerService,
  student,
  type TestUser,
  type VolunteerService,
} from './support/volunteer-fixtures';

const replicaPayload = (user: TestUser, changes: { name?: string; school?: string } = {}) => ({
  id: user.id,
  name: changes.name ?? user.name ?? `User ${user.id}`,
  school: changes.school ?? user.school ?? 'Jesuit High School',
  grade: 11,
  avatarUrl: null,
  isAdmin: user.isAdmin ?? false,
  isSupervisor: user.isSupervisor ?? false,
});

// The replica's own rules (ordering, tombstones, redelivery) are the kit's suite
// (packages/service-kit/test/users-replica.integration-spec.ts); here what svc-volunteer shows.
describe('users replica fed by user.* events (svc-volunteer, real PostgreSQL and Redis)', () => {
  let app: VolunteerService;

  beforeAll(async () => {
    app = await startVolunteerService();
    await app.events.registerUsers(admin, otherStudent);
  });
  afterAll(async () => {
    await app?.close();
  });

  const create = async (overrides: Record<string, unknown> = {}) =>
    (
      await app.request<Opportunity>('POST', '/api/opportunities', {
        as: admin,
        json: opportunityBody(overrides),
      })
    ).body;
  const signupsOf = async (id: number) =>
    (await app.request<SignupEntry[]>('GET', `/api/opportunities/${id}/signups`, { as: admin }))
      .body;

  it('user.registered then user.updated: the signups list and photo credits show the new name and school', async () => {
    const user: TestUser = { id: 501, name: 'Rita Rename', school: 'Grand Isle School' };
    await app.events.registerUsers(user);
    const opportunity = await create();
    await app.request('POST', `/api/opportunities/${opportunity.id}/signup`, { as: user });
    expect(await signupsOf(opportunity.id)).toEqual([
      { name: 'Rita Rename', school: 'Grand Isle School', mine: false },
    ]);

    await app.events.deliver(
      'user.updated',
      replicaPayload(user, { name: 'Rita Renamed', school: 'Haynes Academy for Advanced Studies' }),
    );
    expect(await signupsOf(opportunity.id)).toEqual([
      { name: 'Rita Renamed', school: 'Haynes Academy for Advanced Studies', mine: false },
    ]);
  });

  it('user.deleted removes their signups (freeing the spots) and photos; nothing brings them back', async () => {
    const doomed: TestUser = { id: 503, name: 'Gone Soon', school: 'Riverdale High School' };
    await app.events.registerUsers(doomed);
    const full = await create({ spaces: 1 });
    const other = await create({ spaces: 3 });
    await app.request('POST', `/api/opportunities/${full.id}/signup`, { as: doomed });
    await app.request('POST', `/api/opportunities/${other.id}/signup`, { as: doomed });
    await app.request('POST', `/api/opportunities/${other.id}/signup`, { as: otherStudent });
    const past = await create();
    await app.request('PATCH', `/api/opportunities/${past.id}/status`, {
      as: admin,
      json: { status: 'archived' },
    });
    const photo = (
      await app.request<EventPhoto>('POST', `/api/opportunities/${past.id}/photos`, {
        as: doomed,
        json: { photoUrl: 'https://example.org/p.jpg', caption: 'Me' },
      })
    ).body;
    await app.request('PATCH', `/api/opportunities/${past.id}/photos/${photo.id}/status`, {
      as: admin,
      json: { status: 'approved' },
    });
    expect(
      (await app.request('POST', `/api/opportunities/${full.id}/signup`, { as: student })).status,
    ).toBe(409);

    await app.events.deliver('user.deleted', { id: doomed.id });

    expect(await signupsOf(full.id)).toEqual([]);
    expect(await signupsOf(other.id)).toEqual([
      { name: 'Otto Other', school: 'Dominican High School', mine: false },
    ]);
    const lists = (
      await app.request<Opportunity[]>('GET', '/api/opportunities?status=active', { as: student })
    ).body;
    expect(lists.find((o) => o.id === full.id)).toMatchObject({ filled: 0 });
    expect(lists.find((o) => o.id === other.id)).toMatchObject({ filled: 1 });
    expect(
      (
        await app.request<EventPhoto[]>('GET', `/api/opportunities/${past.id}/photos`, {
          as: admin,
        })
      ).body,
    ).toEqual([]);
    // The freed spot is usable.
    expect(
      (await app.request('POST', `/api/opportunities/${full.id}/signup`, { as: student })).status,
    ).toBe(201);

    // A late user.updated does not resurrect them, and their still-valid token cannot sign up again.
    await app.events.deliver('user.updated', replicaPayload(doomed, { name: 'Zombie' }));
    expect(await app.sql(`SELECT deleted FROM users WHERE id = $1`, [doomed.id])).toEqual([
      { deleted: true },
    ]);
    expect(
      (await app.request('POST', `/api/opportunities/${other.id}/signup`, { as: doomed })).status,
    ).toBe(403);
    expect(await signupsOf(other.id)).toHaveLength(1);
  });
});
