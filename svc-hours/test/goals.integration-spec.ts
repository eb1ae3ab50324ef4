import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { GOAL_MESSAGES } from '@district/contracts';
import { PUBLISHED_AUDIT_LOG } from '@district/service-kit/testing';
import {
  ADMIN,
  logBody,
  STUDENT,
  OTHER_STUDENT,
  SUPERVISOR,
  type Caller,
  type HoursEvents,
  type Json,
  type RequestOptions,
  startHoursService,
  type HoursService,
} from './support/hours-fixtures';
import type { DataSource } from 'typeorm';

const JESUIT = 'Jesuit High School';
const CHALMETTE = 'Chalmette High School';
const GRADE_11: Caller = { id: 103 };

// Issue 19: hour goals per grade (a school's own goal overrides the district-wide one), each
// student's progress, the supervisor's behind-goal filter and counts.
describe('hour goals and progress (svc-hours, real PostgreSQL and Redis)', () => {
  let hours: HoursService;
  let db: DataSource;
  let events: HoursEvents;
  const request = <T = Json>(method: string, path: string, options?: RequestOptions) =>
    hours.request<T>(method, path, options);

  const putGoals = (as: Caller, json: unknown) => request('PUT', '/api/hour-goals', { as, json });
  const logApproved = async (as: Caller, hours: number, date = '2025-03-01') => {
    const id = (await request('POST', '/api/service-hours', { as, json: logBody({ hours, date }) }))
      .body.id as number;
    const review = await request('PATCH', `/api/service-hours/${id}/status`, {
      as: SUPERVISOR,
      json: { status: 'approved' },
    });
    expect(review.status).toBe(200);
  };
  const dayFromToday = (days: number) =>
    new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

  beforeAll(async () => {
    hours = await startHoursService();
    ({ db, events } = hours);
    await events.registerUser({ id: STUDENT.id, name: 'Ada Jesuit', school: JESUIT, grade: 10 });
    await events.registerUser({
      id: OTHER_STUDENT.id,
      name: 'Bo Chalmette',
      school: CHALMETTE,
      grade: 10,
    });
    await events.registerUser({ id: GRADE_11.id, name: 'Cy Eleven', school: JESUIT, grade: 11 });
    // Staff as the seed makes them: a grade and no school (issue 33: never students).
    await events.registerUser({
      id: SUPERVISOR.id,
      name: 'Sam Supervisor',
      isSupervisor: true,
      grade: 12,
    });
    await events.registerUser({ id: ADMIN.id, name: 'Al Admin', isAdmin: true, grade: 10 });
  });

  afterAll(async () => {
    await hours?.close();
  });

  it('lets only admins replace the goals; everyone signed in reads them', async () => {
    const goals = [{ grade: 10, hours: 40, dueDate: '2027-05-01' }];
    expect((await putGoals(STUDENT, goals)).status).toBe(403);
    expect((await putGoals(SUPERVISOR, goals)).status).toBe(403);
    expect((await request('PUT', '/api/hour-goals', { json: goals })).status).toBe(401);
    const put = await putGoals(ADMIN, goals);
    expect(put.status).toBe(200);
    expect(put.body).toEqual([{ grade: 10, school: null, hours: 40, dueDate: '2027-05-01' }]);
    const read = await request('GET', '/api/hour-goals', { as: STUDENT });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(put.body);
  });

  // Impossible due dates and a second goal for the same grade and school are the contracts
  // schema's tests (hour-goals.schema.spec.ts).
  it.each([
    [
      'an unknown school',
      [{ grade: 10, school: 'Hogwarts', hours: 40, dueDate: '2027-05-01' }],
      GOAL_MESSAGES.school,
    ],
    [
      'hours not in halves',
      [{ grade: 10, hours: 40.3, dueDate: '2027-05-01' }],
      GOAL_MESSAGES.hoursStep,
    ],
    ['zero hours', [{ grade: 10, hours: 0, dueDate: '2027-05-01' }], GOAL_MESSAGES.hoursMin],
    ['a grade out of range', [{ grade: 13, hours: 40, dueDate: '2027-05-01' }], undefined],
    ['not a list', { grade: 10, hours: 40, dueDate: '2027-05-01' }, undefined],
    ['an unknown field', [{ grade: 10, hours: 40, dueDate: '2027-05-01', extra: 1 }], undefined],
  ])('refuses %s with 400 and keeps the stored goals', async (_case, body, message) => {
    const res = await putGoals(ADMIN, body);
    expect(res.status).toBe(400);
    if (message) expect(JSON.stringify(res.body)).toContain(message);
    expect((await request('GET', '/api/hour-goals', { as: ADMIN })).body).toEqual([
      { grade: 10, school: null, hours: 40, dueDate: '2027-05-01' },
    ]);
  });

  it('records each change with the old and the new set in the audit trail', async () => {
    const goals = [
      { grade: 10, hours: 40, dueDate: dayFromToday(100) },
      { grade: 10, school: JESUIT, hours: 20, dueDate: dayFromToday(50) },
    ];
    expect((await putGoals(ADMIN, goals)).status).toBe(200);
    const records: Array<{
      actor_id: number;
      outcome: string;
      detail: { from: unknown[]; to: unknown[] };
    }> = await db.query(
      `SELECT actor_id, outcome, detail FROM ${PUBLISHED_AUDIT_LOG}
          WHERE action = 'hour-goals.update' ORDER BY id`,
    );
    expect(records.at(-1)).toMatchObject({
      actor_id: ADMIN.id,
      outcome: 'success',
      detail: {
        from: [{ grade: 10, school: null, hours: 40, dueDate: '2027-05-01' }],
        to: [
          { grade: 10, school: null, hours: 40, dueDate: dayFromToday(100) },
          { grade: 10, school: JESUIT, hours: 20, dueDate: dayFromToday(50) },
        ],
      },
    });
  });

  it("shows each student the goal that applies: the school's own over the district's", async () => {
    await logApproved(STUDENT, 8, '2025-01-15');
    await logApproved(STUDENT, 4.5, '2025-03-02');
    await request('POST', '/api/service-hours', { as: STUDENT, json: logBody({ hours: 2 }) });

    const jesuit = await request('GET', '/api/service-hours/progress', { as: STUDENT });
    expect(jesuit.status).toBe(200);
    expect(jesuit.body).toEqual({
      goal: { hours: 20, dueDate: dayFromToday(50), grade: 10, school: JESUIT },
      approvedHours: 12.5,
      pendingHours: 2,
      hoursLeft: 7.5,
      daysLeft: 50,
      behind: true,
      months: [
        { month: '2025-01', hours: 8 },
        { month: '2025-03', hours: 4.5 },
      ],
    });

    const chalmette = await request('GET', '/api/service-hours/progress', { as: OTHER_STUDENT });
    expect(chalmette.body).toMatchObject({
      goal: { hours: 40, grade: 10, school: null },
      approvedHours: 0,
      hoursLeft: 40,
      daysLeft: 100,
      behind: true,
      months: [],
    });

    const noGoal = await request('GET', '/api/service-hours/progress', { as: GRADE_11 });
    expect(noGoal.body).toMatchObject({
      goal: null,
      hoursLeft: null,
      daysLeft: null,
      behind: false,
    });
  });

  it('filters the students behind their goal and counts them per school (supervisors only)', async () => {
    await logApproved(GRADE_11, 3);
    expect((await request('GET', '/api/service-hours/students', { as: STUDENT })).status).toBe(403);
    expect((await request('GET', '/api/service-hours/behind-goal', { as: STUDENT })).status).toBe(
      403,
    );

    const all = await request('GET', '/api/service-hours/students', { as: SUPERVISOR });
    expect(all.status).toBe(200);
    expect(all.body.items.map((s: { userId: number }) => s.userId).sort()).toEqual(
      [STUDENT.id, OTHER_STUDENT.id, GRADE_11.id].sort(),
    );

    const behind = await request('GET', '/api/service-hours/students?behindGoal=true', {
      as: SUPERVISOR,
    });
    expect(behind.body.items.map((s: { userId: number }) => s.userId).sort()).toEqual([
      STUDENT.id,
      OTHER_STUDENT.id,
    ]);
    // Most hours still owed first.
    expect(behind.body.items[0]).toMatchObject({
      userId: OTHER_STUDENT.id,
      school: CHALMETTE,
      hoursLeft: 40,
    });

    const jesuitBehind = await request(
      'GET',
      `/api/service-hours/students?behindGoal=true&school=${encodeURIComponent(JESUIT)}`,
      { as: SUPERVISOR },
    );
    expect(jesuitBehind.body.items.map((s: { name: string }) => s.name)).toEqual(['Ada Jesuit']);

    expect(
      (await request('GET', '/api/service-hours/students?school=Nowhere', { as: SUPERVISOR }))
        .status,
    ).toBe(400);

    const counts = await request('GET', '/api/service-hours/behind-goal', { as: SUPERVISOR });
    expect(counts.body).toEqual(
      expect.arrayContaining([
        { school: JESUIT, students: 1, behind: 1 },
        { school: CHALMETTE, students: 1, behind: 1 },
      ]),
    );

    // Meeting the goal takes Ada off the list.
    await logApproved(STUDENT, 7.5);
    const after = await request('GET', '/api/service-hours/students?behindGoal=true', {
      as: SUPERVISOR,
    });
    expect(after.body.items.map((s: { userId: number }) => s.userId)).toEqual([OTHER_STUDENT.id]);
    expect(
      (await request('GET', '/api/service-hours/progress', { as: STUDENT })).body,
    ).toMatchObject({
      approvedHours: 20,
      hoursLeft: 0,
      behind: false,
    });
  });

  it('never lists or counts staff as students, whatever grade their account carries', async () => {
    const all = await request('GET', '/api/service-hours/students?pageSize=200', {
      as: SUPERVISOR,
    });
    const ids = all.body.items.map((s: { userId: number }) => s.userId);
    expect(ids).not.toContain(SUPERVISOR.id);
    expect(ids).not.toContain(ADMIN.id);
    expect(all.body.total).toBe(3);
    // The admin has grade 10, which has a goal: still not behind it, not counted anywhere.
    const counts = await request('GET', '/api/service-hours/behind-goal', { as: SUPERVISOR });
    expect(counts.body.find((c: { school: string }) => c.school === 'Other')).toBeUndefined();
  });

  it('pages the students on the server and searches them by name', async () => {
    const first = await request('GET', '/api/service-hours/students?pageSize=2', {
      as: SUPERVISOR,
    });
    expect(first.body).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(first.body.items).toHaveLength(2);
    const second = await request('GET', '/api/service-hours/students?pageSize=2&page=2', {
      as: SUPERVISOR,
    });
    expect(second.body).toMatchObject({ total: 3, page: 2 });
    const seen = [...first.body.items, ...second.body.items].map(
      (s: { userId: number }) => s.userId,
    );
    expect(new Set(seen).size).toBe(3);
    const past = await request('GET', '/api/service-hours/students?pageSize=2&page=9', {
      as: SUPERVISOR,
    });
    expect(past.body).toMatchObject({ items: [], total: 3, page: 9 });

    const found = await request('GET', '/api/service-hours/students?q=CHALM', { as: SUPERVISOR });
    expect(found.body).toMatchObject({ total: 1, items: [{ name: 'Bo Chalmette' }] });
    // LIKE's wildcards are searched as themselves.
    const literal = await request(
      'GET',
      `/api/service-hours/students?q=${encodeURIComponent('%')}`,
      {
        as: SUPERVISOR,
      },
    );
    expect(literal.body).toMatchObject({ total: 0, items: [] });
    const tooLong = await request('GET', `/api/service-hours/students?q=${'a'.repeat(101)}`, {
      as: SUPERVISOR,
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors[0].path).toBe('q');
    const badPage = await request('GET', '/api/service-hours/students?pageSize=500', {
      as: SUPERVISOR,
    });
    expect(badPage.status).toBe(400);
  });
});
