import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { VALIDATION, type Opportunity } from '@district/contracts';
import {
  admin,
  opportunityBody,
  startVolunteerService,
  student,
  type VolunteerService,
} from './support/volunteer-fixtures';

// Issue 15.1: PostgreSQL refuses U+0000 in text, which used to surface as a 500. Every text field
// now answers 400 naming the field, through the real HTTP layer, and nothing is written.
describe('NUL and control characters (svc-volunteer, real PostgreSQL)', () => {
  let app: VolunteerService;
  let opportunityId: number;

  const count = async (table: string) =>
    (await app.sql<{ n: number }>(`SELECT count(*)::int AS n FROM volunteer.${table}`))[0].n;

  beforeAll(async () => {
    app = await startVolunteerService();
    await app.events.registerUsers(admin, student);
    const created = await app.request<Opportunity>('POST', '/api/opportunities', {
      as: admin,
      json: opportunityBody(),
    });
    opportunityId = created.body.id;
  });
  afterAll(async () => {
    await app?.close();
  });

  it.each(['title', 'description', 'location'])(
    'POST /api/opportunities with NUL in %s: 400 naming it, nothing written',
    async (field) => {
      const before = await count('opportunities');
      const res = await app.request('POST', '/api/opportunities', {
        as: admin,
        json: opportunityBody({ [field]: 'Beach\u0000Cleanup day' }),
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        statusCode: 400,
        message: VALIDATION.controlCharacters,
        errors: [{ path: field, message: VALIDATION.controlCharacters }],
      });
      expect(await count('opportunities')).toBe(before);
    },
  );

  it('keeps line breaks in a description', async () => {
    const res = await app.request<Opportunity>('POST', '/api/opportunities', {
      as: admin,
      json: opportunityBody({ description: 'Bring gloves.\nMeet at the pier.' }),
    });
    expect(res.status).toBe(201);
    expect(res.body.description).toBe('Bring gloves.\nMeet at the pier.');
  });

  it.each([
    ['caption', { caption: 'Sunny\u0000day', photoUrl: 'https://example.org/p.jpg' }],
    ['photoUrl', { caption: 'Sunny day', photoUrl: 'https://example.org/p\u0000.jpg' }],
  ])('POST photos with NUL in %s: 400 naming it, nothing written', async (field, body) => {
    const before = await count('event_photos');
    const res = await app.request('POST', `/api/opportunities/${opportunityId}/photos`, {
      as: student,
      json: body,
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      statusCode: 400,
      errors: [{ path: field, message: VALIDATION.controlCharacters }],
    });
    expect(await count('event_photos')).toBe(before);
  });

  it('a NUL in a path id is a 400, not a database error', async () => {
    const res = await app.request('GET', `/api/opportunities/1%00/signups`, { as: student });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400 });
  });
});
