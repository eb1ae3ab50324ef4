import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { activeReplicaUser, activeUserId } from '@district/service-kit';
import { IS_BEHIND, SCHOOL_OF, STUDENT_PROGRESS } from '../goals/goal-progress.sql';

// Rows in the top organisations table.
const TOP_ORGANISATIONS = 20;

export interface HoursByMonthRow {
  school: string;
  month: string;
  hours: string;
}
export interface GoalsMetRow {
  school: string;
  grade: number;
  students: number;
  met: number;
}
export interface TopOrganisationRow {
  organisation: string;
  hours: string;
  students: number;
}

// Aggregates for the admins' reports. Issue 31: people a roster import deactivated are not
// counted (their entries are kept, and count again once a roster reactivates them).
@Injectable()
export class ReportsRepository {
  constructor(private readonly dataSource: DataSource) {}

  // Approved hours per school and calendar month of the entry's date.
  hoursByMonth(): Promise<HoursByMonthRow[]> {
    // raw SQL: grouping by expressions (SCHOOL_OF, to_char) with the sum as exact text.
    return this.dataSource.query(
      `SELECT ${SCHOOL_OF('u')} AS "school", to_char(l."date", 'YYYY-MM') AS "month",
              sum(l."hours")::text AS "hours"
         FROM "service_hours_logs" l LEFT JOIN "users" u ON u."id" = l."user_id"
        WHERE l."status" = 'approved' AND ${activeReplicaUser('u')}
        GROUP BY 1, 2 ORDER BY 2 DESC, 1`,
    );
  }

  // Students a goal applies to, and those who met it, per school and grade.
  goalsMet(): Promise<GoalsMetRow[]> {
    // raw SQL: count(*) FILTER over the STUDENT_PROGRESS LATERAL goal join.
    return this.dataSource.query(
      `SELECT p."school", p."grade", count(*)::int AS "students",
              count(*) FILTER (WHERE NOT ${IS_BEHIND('p')})::int AS "met"
         FROM (${STUDENT_PROGRESS}) p WHERE p."goal_hours" IS NOT NULL
        GROUP BY 1, 2 ORDER BY 1, 2`,
    );
  }

  // Entries carry no organisation column yet: the organisation is the entry's description,
  // compared without case and surrounding spaces (hours from attended events are described by
  // the event's title, so they group well). Shown in its most frequent spelling.
  topOrganisations(): Promise<TopOrganisationRow[]> {
    // raw SQL: the ordered-set aggregate mode() WITHIN GROUP has no QueryBuilder form.
    return this.dataSource.query(
      `SELECT mode() WITHIN GROUP (ORDER BY l."description") AS "organisation",
              sum(l."hours")::text AS "hours", count(DISTINCT l."user_id")::int AS "students"
         FROM "service_hours_logs" l WHERE l."status" = 'approved' AND ${activeUserId('l."user_id"')}
        GROUP BY lower(btrim(l."description"))
        ORDER BY sum(l."hours") DESC, 1 LIMIT $1`,
      [TOP_ORGANISATIONS],
    );
  }
}
