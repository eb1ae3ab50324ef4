import { OTHER_SCHOOL } from '@district/contracts';
import { activeReplicaUser } from '@district/service-kit';

// The hours are summed per user in one grouped pass (issue 33): a LATERAL sum per student was
// estimated at ~500 rows a student and made PostgreSQL JIT-compile the plan, 1.4 s of a 1.5 s
// query at 5,000 students (bench/supervisor-page.ts); one student's progress still reads only
// their rows (the user_id condition is pushed into the grouping).
// SQL shared by progress, the supervisor filter, the export and the reports: the goal that
// applies to each student (the school's own goal first, else the grade's district-wide one) and
// their approved and pending hours. Raw SQL: a LATERAL "first match" join TypeORM cannot write.

// The replica's canonical school, "Other" when unknown.
export const SCHOOL_OF = (alias: string) =>
  `COALESCE(NULLIF(${alias}."school_name", ''), '${OTHER_SCHOOL}')`;

// One row per (non-deleted, active: issue 31) student in the replica (issue 33: admins and supervisors are staff,
// never students, so no list, total, goal or report counts them): user_id, name, school, grade, goal_hours,
// due_date, goal_school, approved, pending (numbers as numeric), days_left.
export const STUDENT_PROGRESS = `
  SELECT u."id" AS "user_id", u."name", ${SCHOOL_OF('u')} AS "school", u."grade",
    g."hours" AS "goal_hours", g."due_date"::text AS "due_date", g."school" AS "goal_school",
    (g."due_date" - CURRENT_DATE) AS "days_left",
    COALESCE(t."approved", 0) AS "approved", COALESCE(t."pending", 0) AS "pending"
  FROM "users" u
  LEFT JOIN LATERAL (
    SELECT hg."hours", hg."due_date", hg."school" FROM "hour_goals" hg
     WHERE hg."grade" = u."grade" AND (hg."school" IS NULL OR hg."school" = ${SCHOOL_OF('u')})
     ORDER BY hg."school" NULLS LAST LIMIT 1
  ) g ON true
  LEFT JOIN (
    SELECT l."user_id", sum(l."hours") FILTER (WHERE l."status" = 'approved') AS "approved",
           sum(l."hours") FILTER (WHERE l."status" = 'pending') AS "pending"
      FROM "service_hours_logs" l GROUP BY l."user_id"
  ) t ON t."user_id" = u."id"
  WHERE NOT u."deleted" AND ${activeReplicaUser('u')} AND NOT u."is_admin" AND NOT u."is_supervisor"`;

// Behind goal: a goal applies and the approved hours are below it.
export const IS_BEHIND = (alias: string) =>
  `(${alias}."goal_hours" IS NOT NULL AND ${alias}."approved" < ${alias}."goal_hours")`;

// Ids of the students behind their goal, for `user_id IN (...)`.
export const BEHIND_GOAL_USER_IDS = `SELECT p."user_id" FROM (${STUDENT_PROGRESS}) p WHERE ${IS_BEHIND('p')}`;

export interface StudentProgressRow {
  user_id: number;
  name: string;
  school: string;
  grade: number | null;
  goal_hours: string | null;
  due_date: string | null;
  goal_school: string | null;
  days_left: number | null;
  approved: string;
  pending: string;
}
