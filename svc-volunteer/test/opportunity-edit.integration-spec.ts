import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  API_MESSAGES,
  OPPORTUNITY_EDIT_MESSAGES,
  VALIDATION,
  type Opportunity,
} from '@district/contracts';
import { PUBLISHED_AUDIT_LOG } from '@district/service-kit/testing';
import {
  admin,
  opportunityBody,
  otherStudent,
  startVolunteerService,
  student,
  supervisor,
  type VolunteerService,
} from './support/volunteer-fixtures';

const HOUR = 3_600_000;

// Issue 18: PATCH /api/opportunities/{id} and "Repeat weekly".
describe('editing opportunities and weekly series (svc-volunteer, real PostgreSQL and Redis)', () => {
  let app: VolunteerService;

  beforeAll(async () => {
    app = await startVolunteerService();
    await app.events.registerUsers(admin, student, otherStudent);
  });
  afterAll(async () => {
    await app?.close();
  });

  const create = async (overrides: Record<string, unknown> = {}) => {
    const res = await app.request<Opportunity>('POST', '/api/opportunities', {
      as: admin,
      json: opportunityBody(overrides),
    });
    expect(res.status).toBe(201);
    return res.body;
  };
  const edit = (id: number, body: unknown, as = admin) =>
    app.request<Opportunity & { message?: string; errors?: unknown }>(
      'PATCH',
      `/api/opportunities/${id}`,
      { as, json: body },
    );
  const listed = async (id: number) =>
    (await app.request<Opportunity[]>('GET', '/api/opportunities', { as: student })).body.find(
      (o) => o.id === id,
    );
  const changeNotices = (id: number) =>
    app.sql<{ payload: Record<string, unknown> }>(
      `SELECT payload FROM outbox WHERE type = 'notification.requested'
         AND (payload->>'opportunityId')::int = $1 ORDER BY seq`,
      [id],
    );

  describe('PATCH /api/opportunities/{id}', () => {
    it('lets an admin change any field; the list shows the edit at once and it is audited', async () => {
      const opportunity = await create({ title: 'Park Cleanup', spaces: 3 });
      expect(await listed(opportunity.id)).toMatchObject({ title: 'Park Cleanup' });
      const res = await edit(opportunity.id, {
        title: 'City Park Cleanup',
        description: 'Bring gloves and water.',
        spaces: 8,
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: opportunity.id,
        title: 'City Park Cleanup',
        description: 'Bring gloves and water.',
        location: opportunity.location,
        date: opportunity.date,
        endsAt: opportunity.endsAt,
        spaces: 8,
      });
      // The cached list is not stale.
      expect(await listed(opportunity.id)).toMatchObject({ title: 'City Park Cleanup', spaces: 8 });
      // svc-hours' replica hears of the new title (issue 29).
      expect(
        await app.sql(
          `SELECT payload FROM outbox WHERE type = 'opportunity.updated' AND (payload->>'id')::int = $1`,
          [opportunity.id],
        ),
      ).toEqual([
        {
          payload: {
            id: opportunity.id,
            title: 'City Park Cleanup',
            location: opportunity.location,
            date: opportunity.date,
          },
        },
      ]);
      const records = await app.sql<{ action: string; outcome: string; detail: unknown }>(
        `SELECT action, outcome, detail FROM ${PUBLISHED_AUDIT_LOG}
          WHERE target_type = 'opportunity' AND target_id = $1 AND action = 'opportunity.update'`,
        [String(opportunity.id)],
      );
      expect(records).toEqual([
        {
          action: 'opportunity.update',
          outcome: 'success',
          detail: {
            title: 'City Park Cleanup',
            changed: {
              title: { from: 'Park Cleanup', to: 'City Park Cleanup' },
              description: { from: opportunity.description, to: 'Bring gloves and water.' },
              spaces: { from: 3, to: 8 },
            },
          },
        },
      ]);
    });

    it('moves the end with the start when only the start changes', async () => {
      const start = new Date(Date.now() + 10 * 24 * HOUR);
      const opportunity = await create({
        date: start.toISOString(),
        endsAt: new Date(start.getTime() + 3 * HOUR).toISOString(),
      });
      const later = new Date(start.getTime() + 24 * HOUR);
      const res = await edit(opportunity.id, { date: later.toISOString() });
      expect(res.status).toBe(200);
      expect(res.body.date).toBe(later.toISOString());
      expect(res.body.endsAt).toBe(new Date(later.getTime() + 3 * HOUR).toISOString());
    });

    it('answers 400 naming the field for an end not after the start, bad values or nothing to change', async () => {
      const opportunity = await create();
      const before = new Date(new Date(opportunity.date).getTime() - HOUR).toISOString();
      const cases: Array<[unknown, string, string]> = [
        [{ endsAt: before }, 'endsAt', VALIDATION.endBeforeStart],
        [{ date: opportunity.date, endsAt: before }, 'endsAt', VALIDATION.endBeforeStart],
        [{ spaces: 0 }, 'spaces', VALIDATION.spacesMin],
        [{ title: '  ' }, 'title', VALIDATION.required],
        [{ date: 'soon' }, 'date', VALIDATION.invalidDate],
        [{ status: 'archived' }, 'status', VALIDATION.unrecognizedField('status')],
      ];
      for (const [body, path, message] of cases) {
        const res = await edit(opportunity.id, body);
        expect(res.status).toBe(400);
        expect(res.body.errors).toEqual(expect.arrayContaining([{ path, message }]));
      }
      const empty = await edit(opportunity.id, {});
      expect(empty.status).toBe(400);
      expect(empty.body.message).toBe(OPPORTUNITY_EDIT_MESSAGES.nothingToChange);
      const { signedUp: _signedUp, ...unchanged } = opportunity;
      expect(await listed(opportunity.id)).toEqual(unchanged);
    });

    it('refuses students and supervisors (403), signed-out callers (401) and unknown ids (404)', async () => {
      const opportunity = await create({ title: 'Shelter Shift' });
      for (const as of [student, supervisor]) {
        expect((await edit(opportunity.id, { title: 'Mine now' }, as)).status).toBe(403);
      }
      const anonymous = await app.request('PATCH', `/api/opportunities/${opportunity.id}`, {
        json: { title: 'Mine now' },
      });
      expect(anonymous.status).toBe(401);
      const missing = await edit(2_000_000, { title: 'Nobody' });
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe(API_MESSAGES.opportunityNotFound);
      expect((await listed(opportunity.id))?.title).toBe('Shelter Shift');
    });

    it('keeps text with a lone surrogate (as a create does) instead of failing', async () => {
      const opportunity = await create({ title: 'Surrogate Shift' });
      for (const field of ['title', 'description', 'location']) {
        const res = await edit(opportunity.id, { [field]: 'a\ud800b long enough text' });
        expect(res.status).toBe(200);
      }
      expect((await listed(opportunity.id))?.title).toBe('a\ufffdb long enough text');
    });

    it('answers 409 when spaces would fall below the students already signed up', async () => {
      const opportunity = await create({ spaces: 4 });
      for (const as of [student, otherStudent]) {
        const res = await app.request('POST', `/api/opportunities/${opportunity.id}/signup`, {
          as,
        });
        expect(res.status).toBe(201);
      }
      const res = await edit(opportunity.id, { spaces: 1, title: 'Smaller' });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(OPPORTUNITY_EDIT_MESSAGES.spacesBelowSignups(2));
      expect(await listed(opportunity.id)).toMatchObject({
        spaces: 4,
        filled: 2,
        title: opportunity.title,
      });
      // Exactly the sign-ups is fine.
      expect((await edit(opportunity.id, { spaces: 2 })).status).toBe(200);
    });

    it('tells every signed-up student when the time or place changes (toast and e-mail), not for other edits', async () => {
      const opportunity = await create({ title: 'Food Drive', location: 'Metairie' });
      for (const as of [student, otherStudent]) {
        await app.request('POST', `/api/opportunities/${opportunity.id}/signup`, { as });
      }
      expect((await edit(opportunity.id, { description: 'New details only.' })).status).toBe(200);
      expect(await changeNotices(opportunity.id)).toEqual([]);

      expect((await edit(opportunity.id, { location: 'Kenner' })).status).toBe(200);
      const later = new Date(new Date(opportunity.date).getTime() + 2 * HOUR).toISOString();
      expect((await edit(opportunity.id, { date: later })).status).toBe(200);
      const notices = await changeNotices(opportunity.id);
      expect(notices).toHaveLength(2);
      expect(notices[0].payload).toEqual({
        userIds: [student.id, otherStudent.id].sort((a, b) => a - b),
        kind: 'opportunity.changed',
        title: 'Changed: Food Drive',
        body: expect.stringContaining('Where: Kenner (was Metairie)'),
        path: '/volunteer',
        opportunityId: opportunity.id,
        email: true,
        // Issue 22: the catalogue entry each reader renders in their language.
        message: {
          key: 'opportunityChanged',
          values: expect.objectContaining({
            title: 'Food Drive',
            location: 'Kenner',
            wasLocation: 'Metairie',
            startsAt: new Date(opportunity.date).toISOString(),
            timeZone: 'America/Chicago',
          }),
        },
      });
      expect(notices[1].payload.body).toMatch(/When: .* \(was .*\)/);
      expect(notices[1].payload).toMatchObject({
        message: {
          values: { startsAt: later, wasStartsAt: new Date(opportunity.date).toISOString() },
        },
      });
    });

    it('sends nothing when nobody has signed up', async () => {
      const opportunity = await create();
      expect((await edit(opportunity.id, { location: 'Harahan' })).status).toBe(200);
      expect(await changeNotices(opportunity.id)).toEqual([]);
    });
  });

  describe('POST /api/opportunities with repeatWeeks', () => {
    it('creates that many independent opportunities a week apart, keeping the local time across DST', async () => {
      // 9:00 in New Orleans: 14:00Z in October (CDT), 15:00Z after 2 November 2031 (CST).
      const first = await create({
        title: 'Saturday Tutoring',
        date: '2031-10-18T14:00:00.000Z',
        endsAt: '2031-10-18T16:30:00.000Z',
        spaces: 2,
        repeatWeeks: 4,
        timeZone: 'America/Chicago',
      });
      expect(first.seriesId).toEqual(expect.any(String));
      const series = (
        await app.request<Opportunity[]>('GET', '/api/opportunities', { as: student })
      ).body
        .filter((o) => o.seriesId === first.seriesId)
        .sort((a, b) => a.date.localeCompare(b.date));
      expect(series.map((o) => [o.date, o.endsAt])).toEqual([
        ['2031-10-18T14:00:00.000Z', '2031-10-18T16:30:00.000Z'],
        ['2031-10-25T14:00:00.000Z', '2031-10-25T16:30:00.000Z'],
        ['2031-11-01T14:00:00.000Z', '2031-11-01T16:30:00.000Z'],
        ['2031-11-08T15:00:00.000Z', '2031-11-08T17:30:00.000Z'],
      ]);
      expect(series[0].id).toBe(first.id);
      // Every date reaches svc-hours' replica; the feed announces the series once (issue 29).
      const created = await app.sql<{ id: number; announce: boolean }>(
        `SELECT (payload->>'id')::int AS id, (payload->>'announce')::boolean AS announce
           FROM outbox WHERE type = 'opportunity.created' AND payload->>'title' = 'Saturday Tutoring'
          ORDER BY seq`,
      );
      expect(created).toEqual(series.map((o, i) => ({ id: o.id, announce: i === 0 })));
      // Each date has its own capacity.
      await app.request('POST', `/api/opportunities/${series[1].id}/signup`, { as: student });
      await app.request('POST', `/api/opportunities/${series[1].id}/signup`, { as: otherStudent });
      const after = (await app.request<Opportunity[]>('GET', '/api/opportunities', { as: student }))
        .body;
      expect(
        after
          .filter((o) => o.seriesId === first.seriesId)
          .map((o) => o.filled)
          .sort(),
      ).toEqual([0, 0, 0, 2]);
    });

    it('refuses a count outside 2–26 with 400 and writes nothing', async () => {
      for (const repeatWeeks of [1, 27, 2.5]) {
        const res = await app.request<{ errors: unknown }>('POST', '/api/opportunities', {
          as: admin,
          json: opportunityBody({ title: `Bad count ${repeatWeeks}`, repeatWeeks }),
        });
        expect(res.status).toBe(400);
        expect(res.body.errors).toEqual([
          { path: 'repeatWeeks', message: OPPORTUNITY_EDIT_MESSAGES.repeatWeeksRange },
        ]);
      }
      const zone = await app.request<{ errors: unknown }>('POST', '/api/opportunities', {
        as: admin,
        json: opportunityBody({
          title: 'Bad count zone',
          repeatWeeks: 3,
          timeZone: 'Mars/Olympus',
        }),
      });
      expect(zone.status).toBe(400);
      expect(zone.body.errors).toEqual([
        { path: 'timeZone', message: OPPORTUNITY_EDIT_MESSAGES.invalidTimeZone },
      ]);
      expect(await app.sql(`SELECT 1 FROM opportunities WHERE title LIKE 'Bad count%'`)).toEqual(
        [],
      );
    });

    it('writes no date of the series when one date is bad (one transaction)', async () => {
      const res = await app.request<{ errors: unknown }>('POST', '/api/opportunities', {
        as: admin,
        json: opportunityBody({
          title: 'Past the calendar',
          date: '9999-12-20T10:00:00.000Z',
          repeatWeeks: 3,
        }),
      });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ path: 'date', message: VALIDATION.invalidDate }]);
      expect(
        await app.sql(`SELECT 1 FROM opportunities WHERE title = 'Past the calendar'`),
      ).toEqual([]);
      expect(
        await app.sql(`SELECT 1 FROM outbox WHERE payload->>'title' = 'Past the calendar'`),
      ).toEqual([]);
    });

    it('rolls every date back when the database refuses one of them', async () => {
      // A fault the application cannot foresee: the third date fails inside PostgreSQL.
      await app.sql(`CREATE FUNCTION refuse_third_date() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.title = 'Fragile Series' AND NEW.date >= '2032-03-15' THEN
            RAISE EXCEPTION 'refused';
          END IF;
          RETURN NEW;
        END $$`);
      await app.sql(`CREATE TRIGGER refuse_third_date BEFORE INSERT ON opportunities
        FOR EACH ROW EXECUTE FUNCTION refuse_third_date()`);
      try {
        const res = await app.request('POST', '/api/opportunities', {
          as: admin,
          json: opportunityBody({
            title: 'Fragile Series',
            date: '2032-03-01T15:00:00.000Z',
            repeatWeeks: 4,
          }),
        });
        expect(res.status).toBeGreaterThanOrEqual(500);
        expect(await app.sql(`SELECT 1 FROM opportunities WHERE title = 'Fragile Series'`)).toEqual(
          [],
        );
      } finally {
        await app.sql(`DROP TRIGGER refuse_third_date ON opportunities`);
        await app.sql(`DROP FUNCTION refuse_third_date()`);
      }
    });
  });
});
