import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { HourGoal, StudentProgressQuery } from '@district/contracts';
import type { EntityManager, Repository } from 'typeorm';
import { HourGoalEntity } from './hour-goal.entity';
import { IS_BEHIND, STUDENT_PROGRESS, type StudentProgressRow } from './goal-progress.sql';

// Students listed at most per request on the supervisor page (filters narrow it further).
const STUDENT_PROGRESS_LIMIT = 500;

const ORDERED = { grade: 'ASC', school: { direction: 'ASC', nulls: 'FIRST' } } as const;

export interface BehindGoalRow {
  school: string;
  students: number;
  behind: number;
}

@Injectable()
export class GoalsRepository {
  constructor(
    @InjectRepository(HourGoalEntity) private readonly repo: Repository<HourGoalEntity>,
  ) {}

  findAll(manager?: EntityManager): Promise<HourGoalEntity[]> {
    const repo = manager ? manager.getRepository(HourGoalEntity) : this.repo;
    return repo.find({ order: ORDERED });
  }

  // Replaces the whole set. The table lock makes two concurrent PUTs apply one after the other.
  async replaceAll(manager: EntityManager, goals: HourGoal[], actorId: number): Promise<void> {
    // raw SQL: LOCK TABLE has no TypeORM API.
    await manager.query(`LOCK TABLE "hour_goals" IN SHARE ROW EXCLUSIVE MODE`);
    await manager.getRepository(HourGoalEntity).deleteAll();
    if (goals.length === 0) return;
    await manager.getRepository(HourGoalEntity).insert(
      goals.map((goal) => ({
        grade: goal.grade,
        school: goal.school,
        hours: goal.hours,
        dueDate: goal.dueDate,
        updatedBy: actorId,
      })),
    );
  }

  async progressOf(userId: number): Promise<StudentProgressRow | undefined> {
    // raw SQL: STUDENT_PROGRESS (goal-progress.sql.ts) picks each student's goal with a LATERAL
    // join, shared with the reports; numerics come back as text to stay exact.
    const rows: StudentProgressRow[] = await this.repo.query(
      `SELECT p.*, p."goal_hours"::text AS "goal_hours", p."approved"::text AS "approved",
              p."pending"::text AS "pending"
         FROM (${STUDENT_PROGRESS}) p WHERE p."user_id" = $1`,
      [userId],
    );
    return rows[0];
  }

  // Approved hours per calendar month of the entry's date, oldest first.
  approvedByMonth(userId: number): Promise<Array<{ month: string; hours: string }>> {
    // raw SQL: grouping by to_char(date) with the sum as exact text.
    return this.repo.query(
      `SELECT to_char(l."date", 'YYYY-MM') AS "month", sum(l."hours")::text AS "hours"
         FROM "service_hours_logs" l WHERE l."user_id" = $1 AND l."status" = 'approved'
        GROUP BY 1 ORDER BY 1`,
      [userId],
    );
  }

  // Students with a grade (the ones a goal can apply to), most behind first.
  students(query: StudentProgressQuery): Promise<StudentProgressRow[]> {
    const params: unknown[] = [];
    const conditions = [`p."grade" IS NOT NULL`];
    if (query.school !== undefined) {
      params.push(query.school);
      conditions.push(`p."school" = $${params.length}`);
    }
    if (query.grade !== undefined) {
      params.push(query.grade);
      conditions.push(`p."grade" = $${params.length}`);
    }
    if (query.behindGoal) conditions.push(IS_BEHIND('p'));
    params.push(STUDENT_PROGRESS_LIMIT);
    // raw SQL: filters and ordering over the STUDENT_PROGRESS LATERAL subquery.
    return this.repo.query(
      `SELECT p.*, p."goal_hours"::text AS "goal_hours", p."approved"::text AS "approved",
              p."pending"::text AS "pending"
         FROM (${STUDENT_PROGRESS}) p WHERE ${conditions.join(' AND ')}
        ORDER BY ${IS_BEHIND('p')} DESC, (p."goal_hours" - p."approved") DESC NULLS LAST,
                 p."name", p."user_id"
        LIMIT $${params.length}`,
      params,
    );
  }

  // Per school: students a goal applies to, and how many of them are behind it.
  behindBySchool(): Promise<BehindGoalRow[]> {
    // raw SQL: count(*) FILTER over the STUDENT_PROGRESS LATERAL subquery.
    return this.repo.query(
      `SELECT p."school", count(*)::int AS "students",
              count(*) FILTER (WHERE ${IS_BEHIND('p')})::int AS "behind"
         FROM (${STUDENT_PROGRESS}) p WHERE p."goal_hours" IS NOT NULL
        GROUP BY p."school"`,
    );
  }
}
