import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { DataSource, EntityManager } from 'typeorm';
import type { HourGoal } from '@district/contracts';
import type { AuditService, Identity } from '@district/service-kit';
import type { StudentProgressRow } from './goal-progress.sql';
import type { GoalsRepository } from './goals.repository';
import type { HourGoalEntity } from './hour-goal.entity';
import { GoalsService } from './goals.service';

const ADMIN: Identity = { id: 301, isAdmin: true, isSupervisor: false };

const entity = (goal: HourGoal) => ({ id: 1, updatedBy: ADMIN.id, ...goal }) as HourGoalEntity;

function progressRow(overrides: Partial<StudentProgressRow> = {}): StudentProgressRow {
  return {
    user_id: 101,
    name: 'Ada Lovelace',
    school: 'Jesuit High School',
    grade: 9,
    goal_hours: '20.0',
    due_date: '2026-05-31',
    goal_school: null,
    days_left: 30,
    approved: '7.5',
    pending: '1.5',
    ...overrides,
  };
}

describe(GoalsService.name, () => {
  const manager = {} as EntityManager;
  const oldGoal: HourGoal = { grade: 9, school: null, hours: 10, dueDate: '2026-05-31' };
  const newGoal: HourGoal = { grade: 9, school: null, hours: 20, dueDate: '2026-05-31' };
  let goals: jest.Mocked<
    Pick<
      GoalsRepository,
      'findAll' | 'replaceAll' | 'progressOf' | 'approvedByMonth' | 'students' | 'behindBySchool'
    >
  >;
  let audit: jest.Mocked<Pick<AuditService, 'record'>>;
  let sut: GoalsService;

  beforeEach(() => {
    goals = {
      findAll: jest.fn(async () => [entity(oldGoal)]),
      replaceAll: jest.fn(async () => undefined),
      progressOf: jest.fn(async () => progressRow()),
      approvedByMonth: jest.fn(async () => [{ month: '2026-03', hours: '7.5' }]),
      students: jest.fn(async () => ({ rows: [progressRow()], total: 1 })),
      behindBySchool: jest.fn(async () => []),
    };
    audit = { record: jest.fn(async () => 'audit-id') };
    // withTransaction calls dataSource.transaction(fn): the fake runs fn with one manager.
    const dataSource = {
      transaction: jest.fn(async (fn: (m: EntityManager) => unknown) => fn(manager)),
    };
    sut = new GoalsService(
      dataSource as unknown as DataSource,
      goals as unknown as GoalsRepository,
      audit as unknown as AuditService,
    );
  });

  it('replaces the set in one transaction with the old and new set in the audit record', async () => {
    goals.findAll.mockResolvedValueOnce([entity(oldGoal)]).mockResolvedValueOnce([entity(newGoal)]);
    expect(await sut.replace(ADMIN, [newGoal])).toEqual([newGoal]);
    expect(goals.replaceAll).toHaveBeenCalledWith(manager, [newGoal], ADMIN.id);
    expect(goals.findAll).toHaveBeenCalledWith(manager);
    expect(audit.record).toHaveBeenCalledWith(manager, {
      actorId: ADMIN.id,
      action: 'hour-goals.update',
      target: { type: 'hour-goals' },
      outcome: 'success',
      detail: { from: [oldGoal], to: [newGoal] },
    });
  });

  it("gives a student's progress against their goal with hours per month as numbers", async () => {
    expect(await sut.progress({ id: 101, isAdmin: false, isSupervisor: false })).toMatchObject({
      goal: { hours: 20, grade: 9 },
      approvedHours: 7.5,
      pendingHours: 1.5,
      hoursLeft: 12.5,
      daysLeft: 30,
      behind: true,
      months: [{ month: '2026-03', hours: 7.5 }],
    });
    expect(goals.progressOf).toHaveBeenCalledWith(101);
  });

  it('shows no goal (and not behind) for a student without one', async () => {
    goals.progressOf.mockResolvedValueOnce(undefined);
    goals.approvedByMonth.mockResolvedValueOnce([]);
    expect(await sut.progress({ id: 102, isAdmin: false, isSupervisor: false })).toMatchObject({
      goal: null,
      approvedHours: 0,
      behind: false,
      months: [],
    });
  });

  it('asks the repository for one page (25 by default) and answers it with the total', async () => {
    goals.students.mockResolvedValueOnce({ rows: [progressRow()], total: 60 });
    expect(await sut.students({ behindGoal: false, q: 'ada' })).toMatchObject({
      items: [{ userId: 101, name: 'Ada Lovelace', hoursLeft: 12.5 }],
      total: 60,
      page: 1,
      pageSize: 25,
    });
    expect(goals.students).toHaveBeenLastCalledWith(
      { behindGoal: false, q: 'ada' },
      { offset: 0, limit: 25 },
    );
    await sut.students({ behindGoal: true, page: 3, pageSize: 10 });
    expect(goals.students).toHaveBeenLastCalledWith(
      { behindGoal: true, page: 3, pageSize: 10 },
      { offset: 20, limit: 10 },
    );
  });

  it('lists schools behind their goals in the district order', async () => {
    goals.behindBySchool.mockResolvedValueOnce([
      { school: 'Other', students: 1, behind: 1 },
      { school: 'Jesuit High School', students: 2, behind: 0 },
    ]);
    expect((await sut.behindBySchool()).map((r) => r.school)).toEqual([
      'Jesuit High School',
      'Other',
    ]);
  });
});
