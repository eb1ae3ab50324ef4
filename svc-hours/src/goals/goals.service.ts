import { Injectable } from '@nestjs/common';
import {
  schoolOrder,
  STUDENT_PROGRESS_PAGE_SIZE,
  type BehindGoalBySchool,
  type Page,
  type HourGoal,
  type MyProgress,
  type StudentProgress,
  type StudentProgressQuery,
} from '@district/contracts';
import { AuditService, withTransaction, type Identity } from '@district/service-kit';
import { DataSource } from 'typeorm';
import { GoalsRepository } from './goals.repository';
import { toGoalProgress, toHourGoal, toStudentProgress } from './goal-progress-view';

@Injectable()
export class GoalsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly goals: GoalsRepository,
    private readonly audit: AuditService,
  ) {}

  async list(): Promise<HourGoal[]> {
    return (await this.goals.findAll()).map(toHourGoal);
  }

  // The whole set at once; the change and its audit record (old and new set) commit together.
  replace(actor: Identity, goals: HourGoal[]): Promise<HourGoal[]> {
    return withTransaction(this.dataSource, async (manager) => {
      const before = (await this.goals.findAll(manager)).map(toHourGoal);
      await this.goals.replaceAll(manager, goals, actor.id);
      const after = (await this.goals.findAll(manager)).map(toHourGoal);
      await this.audit.record(manager, {
        actorId: actor.id,
        action: 'hour-goals.update',
        target: { type: 'hour-goals' },
        outcome: 'success',
        detail: { from: before, to: after },
      });
      return after;
    });
  }

  async progress(user: Identity): Promise<MyProgress> {
    const [row, months] = await Promise.all([
      this.goals.progressOf(user.id),
      this.goals.approvedByMonth(user.id),
    ]);
    return {
      ...toGoalProgress(row),
      months: months.map((m) => ({ month: m.month, hours: Number(m.hours) })),
    };
  }

  // One page (issue 33): 25 students unless the caller asks for another size.
  async students(query: StudentProgressQuery): Promise<Page<StudentProgress>> {
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? STUDENT_PROGRESS_PAGE_SIZE;
    const { rows, total } = await this.goals.students(query, {
      offset: (page - 1) * pageSize,
      limit: pageSize,
    });
    return { items: rows.map(toStudentProgress), total, page, pageSize };
  }

  async behindBySchool(): Promise<BehindGoalBySchool> {
    const rows = await this.goals.behindBySchool();
    return rows.sort(
      (a, b) => schoolOrder(a.school) - schoolOrder(b.school) || a.school.localeCompare(b.school),
    );
  }
}
