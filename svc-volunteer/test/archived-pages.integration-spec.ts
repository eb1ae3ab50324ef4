import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Opportunity, Page } from '@district/contracts';
import {
  admin,
  opportunityBody,
  startVolunteerService,
  student,
  type VolunteerService,
} from './support/volunteer-fixtures';

// Issue 14.5: the Past Events tab asks for a page at a time; the spec's plain call stays whole.
describe('GET /api/opportunities?status=archived&page&pageSize (svc-volunteer, real PostgreSQL)', () => {
  let app: VolunteerService;
  const day = 86_400_000;

  beforeAll(async () => {
    app = await startVolunteerService();
    for (let i = 1; i <= 7; i++) {
      const created = await app.request<Opportunity>('POST', '/api/opportunities', {
        as: admin,
        json: opportunityBody({
          title: `Past event ${i}`,
          date: new Date(Date.now() + i * day).toISOString(),
        }),
      });
      await app.request('PATCH', `/api/opportunities/${created.body.id}/status`, {
        as: admin,
        json: { status: 'archived' },
      });
    }
    await app.request('POST', '/api/opportunities', { as: admin, json: opportunityBody() });
  });
  afterAll(async () => {
    await app?.close();
  });

  const get = <T>(query: string) =>
    app.request<T>('GET', `/api/opportunities${query}`, { as: student });

  it('pages the archived list in the plain call’s order, with the total', async () => {
    const whole = await get<Opportunity[]>('?status=archived');
    expect(whole.status).toBe(200);
    expect(Array.isArray(whole.body)).toBe(true);
    expect(whole.body).toHaveLength(7);

    const pages: Array<Page<Opportunity>> = [];
    for (const page of [1, 2, 3]) {
      const res = await get<Page<Opportunity>>(`?status=archived&page=${page}&pageSize=3`);
      expect(res.status).toBe(200);
      pages.push(res.body);
    }
    expect(pages.map((p) => [p.page, p.pageSize, p.total, p.items.length])).toEqual([
      [1, 3, 7, 3],
      [2, 3, 7, 3],
      [3, 3, 7, 1],
    ]);
    expect(pages.flatMap((p) => p.items)).toEqual(whole.body);
    // Most recent first, as the tab shows them.
    expect(pages[0]!.items[0]!.title).toBe('Past event 7');
  });

  it('answers an empty page past the end, and 400 naming the field for a bad page or size', async () => {
    const far = await get<Page<Opportunity>>('?status=archived&page=9007199254740991&pageSize=200');
    expect(far.status).toBe(200);
    expect(far.body).toMatchObject({ items: [], total: 7 });
    for (const [query, field] of [
      ['?status=archived&page=0', 'page'],
      ['?status=archived&page=abc', 'page'],
      ['?status=archived&pageSize=0', 'pageSize'],
      ['?status=archived&page=1&pageSize=201', 'pageSize'],
    ] as const) {
      const res = await get<{ errors: Array<{ path: string }> }>(query);
      expect(res.status).toBe(400);
      expect(res.body.errors.map((e) => e.path)).toContain(field);
    }
  });
});
