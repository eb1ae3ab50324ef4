import {
  ConflictException,
  ForbiddenException,
  HttpException,
  Injectable,
  NotFoundException,
  UnauthorizedException,
} from '@nestjs/common';
import {
  API_MESSAGES,
  EVENT_TYPES,
  OTHER_SCHOOL,
  PAGE_SIZE_DEFAULT,
  schoolOrder,
  type KeysetPage,
  type Page,
  type ReviewDecision,
  type ServiceHoursInput,
  type ServiceHoursListQuery,
  type ServiceHoursLog,
  type ServiceHoursSummary,
  type ServiceHoursSummaryQuery,
  type ServiceHoursTotals,
} from '@district/contracts';
import {
  AuditService,
  fieldError,
  hasRole,
  OutboxService,
  type AuditEntry,
  type Identity,
} from '@district/service-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { LOG_VIEW_COLUMNS, toServiceHoursLog, type LogViewRow } from './service-hours-view';

export const SELF_REVIEW_MESSAGE = 'You cannot review your own service hours';

interface Scope {
  // Only this user's entries (a student always; anyone with ?mine=true).
  userId?: number;
  school?: string;
  status?: ServiceHoursLog['status'];
}

// Builds the WHERE clause shared by the list, the count and the summary.
function whereOf(scope: Scope, params: unknown[]): string {
  const conditions: string[] = [];
  if (scope.userId !== undefined) {
    params.push(scope.userId);
    conditions.push(`l."user_id" = $${params.length}`);
  }
  if (scope.status !== undefined) {
    params.push(scope.status);
    conditions.push(`l."status" = $${params.length}`);
  }
  if (scope.school !== undefined) {
    // Entries of users not (yet) in the replica show, and filter, as "Other".
    params.push(OTHER_SCHOOL, scope.school);
    conditions.push(
      `COALESCE(NULLIF(u."school_name", ''), $${params.length - 1}) = $${params.length}`,
    );
  }
  return conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
}

interface SummaryRow {
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

function toTotals(row: SummaryRow | undefined): ServiceHoursTotals {
  return {
    total: row?.total ?? 0,
    pending: row?.pending ?? 0,
    approved: row?.approved ?? 0,
    rejected: row?.rejected ?? 0,
    approvedHours: Number(row?.approved_hours ?? 0),
    pendingHours: Number(row?.pending_hours ?? 0),
    activeStudents: row?.active_students ?? 0,
  };
}

const FROM = `FROM "service_hours_logs" l LEFT JOIN "users" u ON u."id" = l."user_id"`;
const NEWEST_FIRST = `ORDER BY l."submitted_at" DESC, l."id" DESC`;

// A keyset cursor is the last row's (submitted_at, id), the sort key. The time travels as
// PostgreSQL's own text (microseconds), since a JavaScript Date would round it and skip rows.
interface Cursor {
  at: string;
  id: number;
}
const CURSOR_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.at, cursor.id])).toString('base64url');
}

function decodeCursor(text: string): Cursor {
  try {
    const [at, id] = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown[];
    if (
      typeof at === 'string' &&
      CURSOR_TIME.test(at) &&
      Number.isSafeInteger(id) &&
      Number(id) > 0
    )
      return { at, id: Number(id) };
  } catch {
    // Falls through to the 400 below.
  }
  throw fieldError('cursor', 'Invalid cursor');
}

@Injectable()
export class ServiceHoursService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxService,
    private readonly audit: AuditService,
  ) {}

  // A student sees only their own entries whatever the query says; reviewers see everyone's.
  private scopeFor(
    user: Identity,
    query: { mine: boolean; school?: string; status?: Scope['status'] },
  ): Scope {
    const ownOnly = query.mine || !hasRole(user, 'supervisor');
    return { userId: ownOnly ? user.id : undefined, school: query.school, status: query.status };
  }

  list(
    user: Identity,
    query: ServiceHoursListQuery,
  ): Promise<ServiceHoursLog[] | Page<ServiceHoursLog> | KeysetPage<ServiceHoursLog>> {
    const scope = this.scopeFor(user, query);
    if (query.limit !== undefined || query.cursor !== undefined) {
      const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
      return this.keysetPage(scope, query.limit ?? PAGE_SIZE_DEFAULT, after);
    }
    if (query.page === undefined && query.pageSize === undefined) return this.all(scope);
    return this.page(scope, query.page ?? 1, query.pageSize ?? PAGE_SIZE_DEFAULT);
  }

  private async all(scope: Scope): Promise<ServiceHoursLog[]> {
    const params: unknown[] = [];
    const rows: LogViewRow[] = await this.dataSource.query(
      `SELECT ${LOG_VIEW_COLUMNS} ${FROM} ${whereOf(scope, params)} ${NEWEST_FIRST}`,
      params,
    );
    return rows.map(toServiceHoursLog);
  }

  private async page(scope: Scope, page: number, pageSize: number): Promise<Page<ServiceHoursLog>> {
    const params: unknown[] = [];
    const where = whereOf(scope, params);
    const [rows, counted] = await Promise.all([
      this.dataSource.query(
        `SELECT ${LOG_VIEW_COLUMNS} ${FROM} ${where} ${NEWEST_FIRST} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, pageSize, (page - 1) * pageSize],
      ) as Promise<LogViewRow[]>,
      this.dataSource.query(`SELECT count(*)::int AS "total" ${FROM} ${where}`, params) as Promise<
        Array<{ total: number }>
      >,
    ]);
    return { items: rows.map(toServiceHoursLog), total: counted[0]?.total ?? 0, page, pageSize };
  }

  // Newest first from just after `after`: one row more than asked says whether there is a next page.
  private async keysetPage(
    scope: Scope,
    limit: number,
    after: Cursor | undefined,
  ): Promise<KeysetPage<ServiceHoursLog>> {
    const params: unknown[] = [];
    const where = whereOf(scope, params);
    const countParams = [...params];
    let rowsWhere = where;
    if (after) {
      params.push(after.at, after.id);
      const keyset = `(l."submitted_at", l."id") < ($${params.length - 1}::timestamptz, $${params.length})`;
      rowsWhere = where ? `${where} AND ${keyset}` : `WHERE ${keyset}`;
    }
    params.push(limit + 1);
    const [rows, counted] = await Promise.all([
      this.dataSource.query(
        `SELECT ${LOG_VIEW_COLUMNS}, l."submitted_at"::text AS "cursor_at"
         ${FROM} ${rowsWhere} ${NEWEST_FIRST} LIMIT $${params.length}`,
        params,
      ) as Promise<Array<LogViewRow & { cursor_at: string }>>,
      this.dataSource.query(
        `SELECT count(*)::int AS "total" ${FROM} ${where}`,
        countParams,
      ) as Promise<Array<{ total: number }>>,
    ]);
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return {
      items: page.map(toServiceHoursLog),
      total: counted[0]?.total ?? 0,
      nextCursor:
        rows.length > limit && last ? encodeCursor({ at: last.cursor_at, id: last.id }) : null,
    };
  }

  // Stat cards, tab counts and the school list, overall and per school, in one query (GROUPING
  // SETS) instead of 20,000 rows in the browser.
  async summary(user: Identity, query: ServiceHoursSummaryQuery): Promise<ServiceHoursSummary> {
    const scope = this.scopeFor(user, query);
    const params: unknown[] = [OTHER_SCHOOL];
    const rows: SummaryRow[] = await this.dataSource.query(
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
         ${FROM} ${whereOf({ userId: scope.userId }, params)}
       ) s
       GROUP BY GROUPING SETS ((s."school"), ())`,
      params,
    );
    const bySchool: Record<string, ServiceHoursTotals> = {};
    let overall: ServiceHoursTotals = toTotals(undefined);
    for (const row of rows) {
      if (row.is_total === 1) overall = toTotals(row);
      else bySchool[row.school as string] = toTotals(row);
    }
    const schools = Object.keys(bySchool).sort(
      (a, b) => schoolOrder(a) - schoolOrder(b) || a.localeCompare(b),
    );
    // ?school= narrows the top-level totals; the per-school table is always complete.
    const totals =
      scope.school === undefined ? overall : (bySchool[scope.school] ?? toTotals(undefined));
    return { ...totals, schools, bySchool };
  }

  async create(user: Identity, input: ServiceHoursInput): Promise<ServiceHoursLog> {
    // The date is a calendar day; the schema parsed "YYYY-MM-DD" as UTC midnight.
    const day = input.date.toISOString().slice(0, 10);
    const rows: LogViewRow[] = await this.dataSource.query(
      `WITH l AS (
         INSERT INTO "service_hours_logs" ("user_id", "opportunity_id", "hours", "description", "date")
         SELECT $1, $2, $3, $4, $5
         WHERE NOT EXISTS (SELECT 1 FROM "users" WHERE "id" = $1 AND "deleted")
         RETURNING *
       )
       SELECT ${LOG_VIEW_COLUMNS} FROM l LEFT JOIN "users" u ON u."id" = l."user_id"`,
      [user.id, input.opportunityId ?? null, input.hours, input.description, day],
    );
    // Only an account deleted a moment ago gets here: its session is already gone.
    if (rows.length === 0) throw new UnauthorizedException();
    return toServiceHoursLog(rows[0]);
  }

  // pending → approved | rejected, once. The row lock makes concurrent reviews queue up, so
  // the second one sees the first one's outcome and gets a 409. Issue 9: the review and its audit
  // record commit together; a refusal (404, 403 own entry, 409) leaves one failure record only.
  async review(reviewer: Identity, id: number, status: ReviewDecision): Promise<ServiceHoursLog> {
    const entry = {
      actorId: reviewer.id,
      action: status === 'approved' ? ('hours.approve' as const) : ('hours.reject' as const),
      target: { type: 'service-hours', id },
    };
    try {
      return await this.reviewInTransaction(reviewer, id, status, entry);
    } catch (error) {
      if (error instanceof HttpException)
        await this.audit.recordFailure({
          ...entry,
          detail: { reason: error.message, status: error.getStatus() },
        });
      throw error;
    }
  }

  private reviewInTransaction(
    reviewer: Identity,
    id: number,
    status: ReviewDecision,
    entry: Omit<AuditEntry, 'outcome' | 'detail'>,
  ): Promise<ServiceHoursLog> {
    return this.dataSource.transaction(async (manager) => {
      const [current] = (await manager.query(
        `SELECT "user_id", "status" FROM "service_hours_logs" WHERE "id" = $1 FOR UPDATE`,
        [id],
      )) as Array<{ user_id: number; status: string }>;
      if (!current) throw new NotFoundException(API_MESSAGES.serviceHoursNotFound);
      if (current.user_id === reviewer.id) throw new ForbiddenException(SELF_REVIEW_MESSAGE);
      if (current.status !== 'pending') {
        throw new ConflictException(
          `${API_MESSAGES.onlyPending}: this entry is already ${current.status}`,
        );
      }
      await manager.query(
        `UPDATE "service_hours_logs" SET "status" = $2, "approved_by" = $3, "reviewed_at" = now() WHERE "id" = $1`,
        [id, status, reviewer.id],
      );
      const log = await this.viewOf(manager, id);
      // Same transaction: the credit leaves svc-hours if and only if the approval commits.
      if (status === 'approved') {
        await this.outbox.add(manager, EVENT_TYPES.hoursApproved, {
          logId: log.id,
          userId: log.userId,
          hours: log.hours,
        });
      }
      await this.audit.record(manager, {
        ...entry,
        outcome: 'success',
        detail: { userId: log.userId, hours: log.hours, from: current.status, to: status },
      });
      return log;
    });
  }

  private async viewOf(manager: EntityManager, id: number): Promise<ServiceHoursLog> {
    const rows: LogViewRow[] = await manager.query(
      `SELECT ${LOG_VIEW_COLUMNS} ${FROM} WHERE l."id" = $1`,
      [id],
    );
    return toServiceHoursLog(rows[0]);
  }
}
