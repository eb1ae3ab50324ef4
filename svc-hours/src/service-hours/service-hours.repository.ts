import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  OTHER_SCHOOL,
  type ConfirmationFilter,
  type ReviewDecision,
  type ReviewStatus,
} from '@district/contracts';
import type { EntityManager, Repository } from 'typeorm';
import { activeReplicaUser } from '@district/service-kit';
import { ServiceHoursLogEntity } from './service-hours-log.entity';
import type { LogViewRow } from './service-hours-view';

// The reads of the supervisor page are raw SQL on purpose: they are the hot path measured by
// bench/supervisor-page.ts (20,000 entries: tabs, school switches, the GROUPING SETS summary)
// and bench/supervisor-approval.ts (the view of the reviewed entry). Keep their SQL as it is.

export interface LogScope {
  // Only this user's entries (a student always; anyone with ?mine=true).
  userId?: number;
  school?: string;
  status?: ReviewStatus;
  // Issue 19: by the organisation's answer.
  confirmation?: ConfirmationFilter;
}

// A keyset cursor is the last row's (submitted_at, id), the sort key. The time travels as
// PostgreSQL's own text (microseconds), since a JavaScript Date would round it and skip rows.
export interface LogCursor {
  at: string;
  id: number;
}

export interface SummaryRow {
  school: string | null;
  is_total: number;
  total: number;
  pending: number;
  approved: number;
  rejected: number;
  approved_hours: string;
  pending_hours: string;
  active_students: number;
}

export interface NewLog {
  userId: number;
  opportunityId: number | null;
  hours: number;
  description: string;
  // A calendar day, YYYY-MM-DD.
  date: string;
}

export type LockedLog = Pick<
  ServiceHoursLogEntity,
  | 'id'
  | 'userId'
  | 'status'
  | 'source'
  | 'approvedBy'
  | 'hours'
  | 'date'
  | 'description'
  | 'opportunityId'
  | 'rejectionReason'
>;

export type LogCorrection = Pick<NewLog, 'hours' | 'description' | 'date' | 'opportunityId'>;

// Issue 18 (docs/decisions.md "Attendance becomes hours"): a hand-logged entry is a possible
// duplicate of the student's attendance entry for the opportunity it names or, naming none, of
// one on the same day. Per-row index probes (the partial indexes service_hours_logs_attendance_key
// and _attendance_day_idx), only for hand-logged rows: a 25-entry page pays ~0.2 ms; joins made
// the page a nested loop over every attendance day (measured 4-40 ms against 0.25 ms).
const POSSIBLE_DUPLICATE_OF = `CASE WHEN l."source" = 'manual' THEN COALESCE(
    (SELECT a."id" FROM "service_hours_logs" a
      WHERE l."opportunity_id" IS NOT NULL AND a."source" <> 'manual'
        AND a."user_id" = l."user_id" AND a."opportunity_id" = l."opportunity_id"),
    (SELECT min(a."id") FROM "service_hours_logs" a
      WHERE l."opportunity_id" IS NULL AND a."source" <> 'manual'
        AND a."user_id" = l."user_id" AND a."date" = l."date")) END`;

// One query shape for every read: the log joined with the replica for userName and schoolName.
// Numbers and dates leave PostgreSQL as text so nothing is rounded or shifted by a time zone.
const LOG_VIEW_COLUMNS = `
  l."id", l."user_id", l."opportunity_id", l."hours"::text AS "hours", l."description",
  l."date"::text AS "date", l."status", l."approved_by", l."submitted_at",
  u."name" AS "user_name", u."school_name" AS "school_name", l."source",
  ${POSSIBLE_DUPLICATE_OF} AS "possible_duplicate_of",
  c."organisation" AS "confirmation_organisation", c."contact_email" AS "confirmation_contact_email",
  c."decision" AS "confirmation_decision", c."decided_at" AS "confirmation_decided_at",
  c."comment" AS "confirmation_comment", c."mails_sent" AS "confirmation_mails_sent",
  c."expires_at" AS "confirmation_expires_at", l."rejection_reason"`;
// Issue 19: at most one confirmation per entry (hour_confirmations_log_key), so the join adds no rows.
const CONFIRMATION_JOIN = `LEFT JOIN "hour_confirmations" c ON c."log_id" = l."id"`;
const FROM = `FROM "service_hours_logs" l LEFT JOIN "users" u ON u."id" = l."user_id" ${CONFIRMATION_JOIN}`;

const CONFIRMATION_CONDITIONS: Record<ConfirmationFilter, string> = {
  none: `c."id" IS NULL`,
  pending: `c."id" IS NOT NULL AND c."decision" IS NULL`,
  confirmed: `c."decision" = 'confirmed'`,
  declined: `c."decision" = 'declined'`,
};
const NEWEST_FIRST = `ORDER BY l."submitted_at" DESC, l."id" DESC`;

// Builds the WHERE clause shared by the list, the count and the summary.
function whereOf(scope: LogScope, params: unknown[]): string {
  const conditions: string[] = [];
  if (scope.userId !== undefined) {
    params.push(scope.userId);
    conditions.push(`l."user_id" = $${params.length}`);
  } else {
    // Issue 31: reviewers' lists and figures leave out people a roster import deactivated (their
    // entries are kept, and come back with them).
    conditions.push(activeReplicaUser('u'));
  }
  if (scope.status !== undefined) {
    params.push(scope.status);
    conditions.push(`l."status" = $${params.length}`);
  }
  if (scope.confirmation !== undefined)
    conditions.push(CONFIRMATION_CONDITIONS[scope.confirmation]);
  if (scope.school !== undefined) {
    // Entries of users not (yet) in the replica show, and filter, as "Other".
    params.push(OTHER_SCHOOL, scope.school);
    conditions.push(
      `COALESCE(NULLIF(u."school_name", ''), $${params.length - 1}) = $${params.length}`,
    );
  }
  return conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
}

@Injectable()
export class ServiceHoursRepository {
  constructor(
    @InjectRepository(ServiceHoursLogEntity)
    private readonly repo: Repository<ServiceHoursLogEntity>,
  ) {}

  // Every entry in scope, newest first (bench/supervisor-page.ts).
  findAll(scope: LogScope): Promise<LogViewRow[]> {
    const params: unknown[] = [];
    // raw SQL: the measured supervisor-page read (see the note at the top).
    return this.repo.query(
      `SELECT ${LOG_VIEW_COLUMNS} ${FROM} ${whereOf(scope, params)} ${NEWEST_FIRST}`,
      params,
    );
  }

  // One offset page and the total in scope (bench/supervisor-page.ts).
  async findPage(
    scope: LogScope,
    page: number,
    pageSize: number,
  ): Promise<{ rows: LogViewRow[]; total: number }> {
    const params: unknown[] = [];
    const where = whereOf(scope, params);
    // raw SQL: the measured supervisor-page read (see the note at the top).
    const [rows, total] = await Promise.all([
      this.repo.query(
        `SELECT ${LOG_VIEW_COLUMNS} ${FROM} ${where} ${NEWEST_FIRST} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, pageSize, (page - 1) * pageSize],
      ) as Promise<LogViewRow[]>,
      this.count(where, params),
    ]);
    return { rows, total };
  }

  // Newest first from just after `after`, `limit` rows at most, each with its cursor time, and
  // the total in scope (bench/supervisor-page.ts).
  async findKeysetPage(
    scope: LogScope,
    limit: number,
    after: LogCursor | undefined,
  ): Promise<{ rows: Array<LogViewRow & { cursor_at: string }>; total: number }> {
    const params: unknown[] = [];
    const where = whereOf(scope, params);
    const countParams = [...params];
    let rowsWhere = where;
    if (after) {
      params.push(after.at, after.id);
      const keyset = `(l."submitted_at", l."id") < ($${params.length - 1}::timestamptz, $${params.length})`;
      rowsWhere = where ? `${where} AND ${keyset}` : `WHERE ${keyset}`;
    }
    params.push(limit);
    // raw SQL: the measured supervisor-page read; the cursor time as PostgreSQL's text.
    const [rows, total] = await Promise.all([
      this.repo.query(
        `SELECT ${LOG_VIEW_COLUMNS}, l."submitted_at"::text AS "cursor_at"
         ${FROM} ${rowsWhere} ${NEWEST_FIRST} LIMIT $${params.length}`,
        params,
      ) as Promise<Array<LogViewRow & { cursor_at: string }>>,
      this.count(where, countParams),
    ]);
    return { rows, total };
  }

  private async count(where: string, params: unknown[]): Promise<number> {
    // raw SQL: counts with the same WHERE text as the measured page reads.
    const counted: Array<{ total: number }> = await this.repo.query(
      `SELECT count(*)::int AS "total" ${FROM} ${where}`,
      params,
    );
    return counted[0]?.total ?? 0;
  }

  // Stat cards, tab counts and the school list, overall (is_total = 1) and per school, in one
  // query with GROUPING SETS (bench/supervisor-page.ts).
  summarize(userId: number | undefined): Promise<SummaryRow[]> {
    const params: unknown[] = [OTHER_SCHOOL];
    // raw SQL: GROUPING SETS, the measured summary of the supervisor page.
    return this.repo.query(
      `SELECT s."school", GROUPING(s."school") AS "is_total",
         count(*)::int AS "total",
         count(*) FILTER (WHERE s."status" = 'pending')::int AS "pending",
         count(*) FILTER (WHERE s."status" = 'approved')::int AS "approved",
         count(*) FILTER (WHERE s."status" = 'rejected')::int AS "rejected",
         COALESCE(sum(s."hours") FILTER (WHERE s."status" = 'approved'), 0)::text AS "approved_hours",
         COALESCE(sum(s."hours") FILTER (WHERE s."status" = 'pending'), 0)::text AS "pending_hours",
         count(DISTINCT s."user_id")::int AS "active_students"
       FROM (
         SELECT l."status", l."hours", l."user_id", COALESCE(NULLIF(u."school_name", ''), $1) AS "school"
         ${FROM} ${whereOf({ userId }, params)}
       ) s
       GROUP BY GROUPING SETS ((s."school"), ())`,
      params,
    );
  }

  // The new entry as the list shows it, or undefined when its author's replica row is a
  // tombstone.
  async insertLog(
    log: NewLog,
    manager: EntityManager = this.repo.manager,
  ): Promise<LogViewRow | undefined> {
    // raw SQL: a CTE around INSERT … SELECT … WHERE NOT EXISTS makes the tombstone check and the
    // insert one statement and returns the row as the list shows it.
    const rows: LogViewRow[] = await manager.query(
      `WITH l AS (
         INSERT INTO "service_hours_logs" ("user_id", "opportunity_id", "hours", "description", "date")
         SELECT $1, $2, $3, $4, $5
         WHERE NOT EXISTS (SELECT 1 FROM "users" WHERE "id" = $1 AND "deleted")
         RETURNING *
       )
       SELECT ${LOG_VIEW_COLUMNS} FROM l LEFT JOIN "users" u ON u."id" = l."user_id" ${CONFIRMATION_JOIN}`,
      [log.userId, log.opportunityId, log.hours, log.description, log.date],
    );
    return rows[0];
  }

  // The entry as it stands, its row locked until the caller's transaction ends.
  lockForReview(manager: EntityManager, id: number): Promise<LockedLog | null> {
    return manager.getRepository(ServiceHoursLogEntity).findOne({
      select: {
        id: true,
        userId: true,
        status: true,
        source: true,
        approvedBy: true,
        hours: true,
        date: true,
        description: true,
        opportunityId: true,
        rejectionReason: true,
      },
      where: { id },
      lock: { mode: 'pessimistic_write' },
    });
  }

  // A decision: an approval clears an earlier rejection's reason, a rejection stores its own.
  async markReviewed(
    manager: EntityManager,
    id: number,
    status: ReviewDecision,
    reviewerId: number,
    reason: string | null = null,
  ): Promise<void> {
    await manager.getRepository(ServiceHoursLogEntity).update(
      { id },
      {
        status,
        approvedBy: reviewerId,
        reviewedAt: () => 'now()',
        rejectionReason: status === 'rejected' ? reason : null,
      },
    );
  }

  // Issue 33: a decision undone. Back to pending, as if never reviewed (the audit trail keeps it).
  async reopen(manager: EntityManager, id: number): Promise<void> {
    await manager
      .getRepository(ServiceHoursLogEntity)
      .update(
        { id },
        { status: 'pending', approvedBy: null, reviewedAt: null, rejectionReason: null },
      );
  }

  // Issue 33: the owner's corrected entry, pending again. The reason stays until the next review.
  async resubmit(manager: EntityManager, id: number, correction: LogCorrection): Promise<void> {
    await manager
      .getRepository(ServiceHoursLogEntity)
      .update({ id }, { ...correction, status: 'pending', approvedBy: null, reviewedAt: null });
  }

  // One existing entry as the list shows it (bench/supervisor-approval.ts: the approval's answer).
  async findView(manager: EntityManager, id: number): Promise<LogViewRow> {
    // raw SQL: the measured approval answer (bench/supervisor-approval.ts), same columns as the list.
    const rows: LogViewRow[] = await manager.query(
      `SELECT ${LOG_VIEW_COLUMNS} ${FROM} WHERE l."id" = $1`,
      [id],
    );
    return rows[0];
  }
}
