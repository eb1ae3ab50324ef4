import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { HourGoal, StudentProgressQuery } from '@district/contracts';
import type { EntityManager, Repository } from 'typeorm';
import { HourGoalEntity } from './hour-goal.entity';
import { IS_BEHIND, STUDENT_PROGRESS, type StudentProgressRow } from './goal-progress.sql';

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

  // One page of the students with a grade (the ones a goal can apply to), most behind first,
  // with the count of all that match: the filters, the order and the page are the SQL's, so a
  // district of thousands sends 25 (issue 33).
  async students(
    query: StudentProgressQuery,
    page: { offset: number; limit: number },
  ): Promise<{ rows: StudentProgressRow[]; total: number }> {
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
    if (query.q) {
      params.push(`%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      conditions.push(`p."name" ILIKE $${params.length}`);
    }
    if (query.behindGoal) conditions.push(IS_BEHIND('p'));
    params.push(page.limit, page.offset);
    // raw SQL: filters, ordering and the page over the STUDENT_PROGRESS LATERAL subquery; the
    // window count gives the total of the same filtered rows in the same statement.
    const rows: Array<StudentProgressRow & { total: number }> = await this.repo.query(
      `SELECT p.*, p."goal_hours"::text AS "goal_hours", p."approved"::text AS "approved",
              p."pending"::text AS "pending", count(*) OVER ()::int AS "total"
         FROM (${STUDENT_PROGRESS}) p WHERE ${conditions.join(' AND ')}
        ORDER BY ${IS_BEHIND('p')} DESC, (p."goal_hours" - p."approved") DESC NULLS LAST,
                 p."name", p."user_id"
        LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    // A page past the end has no row to carry the count: count the matches alone then.
    if (rows.length === 0 && page.offset > 0) {
      const [{ total }] = (await this.repo.query(
        `SELECT count(*)::int AS "total" FROM (${STUDENT_PROGRESS}) p
          WHERE ${conditions.join(' AND ')}`,
        params.slice(0, -2),
      )) as Array<{ total: number }>;
      return { rows, total };
    }
    return { rows, total: rows[0]?.total ?? 0 };
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
