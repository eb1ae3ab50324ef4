import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parse } from 'csv-parse/sync';
import { eventProcessed, replicaUser, waitFor } from '@district/service-kit/testing';
import {
  ADMIN,
  logBody,
  STUDENT,
  SUPERVISOR,
  type Caller,
  type Json,
  type RequestOptions,
  startHoursService,
  type HoursService,
} from './support/hours-fixtures';

const JESUIT = 'Jesuit High School';
const GONE: Caller = { id: 150 };
const GONE_NAME = 'Dora Departed';

// Issue 31: a full roster import deactivates people it no longer has (svc-auth's user.updated
// with active false). The reviewers' list, its figures, Student Progress, behind goal, the
// reports and the CSV export leave them out; their entries stay (an official record of them
// can still be issued and looked up), and a later roster that has them again brings them back.
describe('a student a roster import deactivated (svc-hours)', () => {
  let hours: HoursService;
  const request = <T = Json>(method: string, path: string, options?: RequestOptions) =>
    hours.request<T>(method, path, options);
  // svc-auth's user.updated after a roster import, applied before the test goes on.
  const setActive = async (active: boolean) => {
    const payload = replicaUser({
      id: GONE.id,
      name: GONE_NAME,
      school: JESUIT,
      grade: 10,
      active,
    });
    const id = await hours.events.publish('user.updated', payload);
    await waitFor(() => eventProcessed(hours.db, id), `user.updated for ${GONE.id}`);
  };
  const log = async (as: Caller, hoursLogged: number, status?: 'approved') => {
    const res = await request('POST', '/api/service-hours', {
      as,
      json: logBody({ hours: hoursLogged, description: `Food bank ${as.id}` }),
    });
    expect(res.status).toBe(201);
    if (status)
      expect(
        (
          await request('PATCH', `/api/service-hours/${res.body.id}/status`, {
            as: SUPERVISOR,
            json: { status },
          })
        ).status,
      ).toBe(200);
  };

  // Everything a reviewer or an admin sees that could name or count the student.
  const seen = async () => {
    const list = await request<Array<{ userName: string }>>('GET', '/api/service-hours', {
      as: SUPERVISOR,
    });
    const summary = await request<{ total: number }>('GET', '/api/service-hours/summary', {
      as: SUPERVISOR,
    });
    const students = await request<{ items: Array<{ name: string }> }>(
      'GET',
      '/api/service-hours/students',
      { as: SUPERVISOR },
    );
    const behind = await request<{ items: Array<{ name: string }> }>(
      'GET',
      '/api/service-hours/students?behindGoal=true',
      { as: SUPERVISOR },
    );
    const counts = await request<Array<{ school: string; students: number }>>(
      'GET',
      '/api/service-hours/behind-goal',
      { as: SUPERVISOR },
    );
    const csv = await request('GET', '/api/service-hours/export.csv', { as: SUPERVISOR });
    const reports = await request<{
      hoursByMonth: Array<{ school: string; hours: number }>;
      goalsMet: Array<{ school: string; students: number }>;
      topOrganisations: Array<{ organisation: string }>;
    }>('GET', '/api/service-hours/reports', { as: ADMIN });
    for (const res of [list, summary, students, behind, counts, csv, reports])
      expect(res.status).toBe(200);
    return {
      list: list.body.map((row) => row.userName),
      total: summary.body.total,
      students: students.body.items.map((row) => row.name),
      behind: behind.body.items.map((row) => row.name),
      jesuitStudents: counts.body.find((row) => row.school === JESUIT)?.students ?? 0,
      csv: (parse(csv.text) as string[][]).map((row) => row[2]),
      jesuitHours: reports.body.hoursByMonth.find((row) => row.school === JESUIT)?.hours ?? 0,
      jesuitGoal: reports.body.goalsMet.find((row) => row.school === JESUIT)?.students ?? 0,
      organisations: reports.body.topOrganisations.map((row) => row.organisation),
    };
  };

  beforeAll(async () => {
    hours = await startHoursService();
    await hours.events.registerUser({
      id: STUDENT.id,
      name: 'Ada Jesuit',
      school: JESUIT,
      grade: 10,
    });
    await hours.events.registerUser({ id: SUPERVISOR.id, name: 'Sam', isSupervisor: true });
    await hours.events.registerUser({ id: ADMIN.id, name: 'Al', isAdmin: true });
    await hours.events.registerUser({ id: GONE.id, name: GONE_NAME, school: JESUIT, grade: 10 });
    const goals = [{ grade: 10, hours: 40, dueDate: '2027-05-01' }];
    expect((await request('PUT', '/api/hour-goals', { as: ADMIN, json: goals })).status).toBe(200);
    await log(STUDENT, 1, 'approved');
    await log(GONE, 3, 'approved');
    await log(GONE, 2);
  });
  afterAll(async () => {
    await hours?.close();
  });

  it('vanishes from every list, figure, report and export, and comes back when reactivated', async () => {
    const before = await seen();
    expect(before).toMatchObject({
      total: 3,
      jesuitStudents: 2,
      jesuitHours: 4,
      jesuitGoal: 2,
    });
    expect(before.list).toEqual([GONE_NAME, GONE_NAME, 'Ada Jesuit']);
    expect(before.students.sort()).toEqual(['Ada Jesuit', GONE_NAME]);
    expect(before.behind.sort()).toEqual(['Ada Jesuit', GONE_NAME]);
    expect(before.csv).toContain(GONE_NAME);
    expect(before.organisations).toContain(`Food bank ${GONE.id}`);

    await setActive(false);
    const hidden = await seen();
    expect(hidden).toMatchObject({
      list: ['Ada Jesuit'],
      total: 1,
      students: ['Ada Jesuit'],
      behind: ['Ada Jesuit'],
      jesuitStudents: 1,
      jesuitHours: 1,
      jesuitGoal: 1,
    });
    expect(hidden.csv).not.toContain(GONE_NAME);
    expect(hidden.organisations).not.toContain(`Food bank ${GONE.id}`);

    // Kept: an admin still issues their official record, with their hours, and anyone looks it up.
    const record = await request<{ code: string; totalHours: number }>(
      'POST',
      '/api/service-records',
      { as: ADMIN, json: { userId: GONE.id } },
    );
    expect(record.status).toBe(201);
    const lookup = await request<{ name: string; totalHours: number }>(
      'GET',
      `/api/service-records/${record.body.code}`,
    );
    expect(lookup.status).toBe(200);
    expect(lookup.body).toMatchObject({ name: GONE_NAME, totalHours: 3 });

    await setActive(true);
    expect(await seen()).toEqual(before);
  });
});
