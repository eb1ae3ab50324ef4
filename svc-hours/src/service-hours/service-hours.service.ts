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
  PAGE_SIZE_DEFAULT,
  schoolOrder,
  type AuditAction,
  type KeysetPage,
  type Language,
  type Page,
  type ReviewDecision,
  type ServiceHoursCorrection,
  type ServiceHoursInput,
  type ServiceHoursListQuery,
  type ServiceHoursLog,
  type ServiceHoursSummary,
  type ServiceHoursStatusInput,
  type ServiceHoursSummaryQuery,
  type ServiceHoursTotals,
  VALIDATION,
} from '@district/contracts';
import {
  AuditService,
  fieldError,
  hasRole,
  OutboxService,
  withTransaction,
  type AuditEntry,
  type Identity,
} from '@district/service-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { OpportunitiesReplicaRepository } from '../opportunities-replica/opportunities-replica.repository';
import {
  ServiceHoursRepository,
  type LockedLog,
  type LogCursor,
  type LogScope,
  type SummaryRow,
} from './service-hours.repository';
import { toServiceHoursLog } from './service-hours-view';
import { HourConfirmationsService } from '../hour-confirmations/hour-confirmations.service';

export const SELF_REVIEW_MESSAGE = API_MESSAGES.selfReview;

// What each requested status is audited as (`pending`: a decision undone).
const REVIEW_ACTIONS = {
  approved: 'hours.approve',
  rejected: 'hours.reject',
  pending: 'hours.reopen',
} as const satisfies Record<ServiceHoursStatusInput['status'], AuditAction>;

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

const CURSOR_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;

function encodeCursor(cursor: LogCursor): string {
  return Buffer.from(JSON.stringify([cursor.at, cursor.id])).toString('base64url');
}

function decodeCursor(text: string): LogCursor {
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
  throw fieldError('cursor', VALIDATION.invalidCursor);
}

@Injectable()
export class ServiceHoursService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly logs: ServiceHoursRepository,
    private readonly outbox: OutboxService,
    private readonly audit: AuditService,
    private readonly confirmations: HourConfirmationsService,
    private readonly opportunities: OpportunitiesReplicaRepository,
  ) {}

  // A student sees only their own entries whatever the query says; reviewers see everyone's.
  private scopeFor(
    user: Identity,
    query: {
      mine: boolean;
      school?: string;
      status?: LogScope['status'];
      confirmation?: LogScope['confirmation'];
    },
  ): LogScope {
    const ownOnly = query.mine || !hasRole(user, 'supervisor');
    return {
      userId: ownOnly ? user.id : undefined,
      school: query.school,
      status: query.status,
      confirmation: query.confirmation,
    };
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

  private async all(scope: LogScope): Promise<ServiceHoursLog[]> {
    return (await this.logs.findAll(scope)).map(toServiceHoursLog);
  }

  private async page(
    scope: LogScope,
    page: number,
    pageSize: number,
  ): Promise<Page<ServiceHoursLog>> {
    const { rows, total } = await this.logs.findPage(scope, page, pageSize);
    return { items: rows.map(toServiceHoursLog), total, page, pageSize };
  }

  // Newest first from just after `after`: one row more than asked says whether there is a next page.
  private async keysetPage(
    scope: LogScope,
    limit: number,
    after: LogCursor | undefined,
  ): Promise<KeysetPage<ServiceHoursLog>> {
    const { rows, total } = await this.logs.findKeysetPage(scope, limit + 1, after);
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return {
      items: page.map(toServiceHoursLog),
      total,
      nextCursor:
        rows.length > limit && last ? encodeCursor({ at: last.cursor_at, id: last.id }) : null,
    };
  }

  // Stat cards, tab counts and the school list, overall and per school, in one query (GROUPING
  // SETS) instead of 20,000 rows in the browser.
  async summary(user: Identity, query: ServiceHoursSummaryQuery): Promise<ServiceHoursSummary> {
    const scope = this.scopeFor(user, query);
    const rows = await this.logs.summarize(scope.userId);
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

  async create(
    user: Identity,
    input: ServiceHoursInput,
    language: Language,
  ): Promise<ServiceHoursLog> {
    // The date is a calendar day; the schema parsed "YYYY-MM-DD" as UTC midnight.
    const day = input.date.toISOString().slice(0, 10);
    const { organisation, contactEmail } = input;
    // Issue 29: the event named must exist (svc-volunteer's events keep the replica; one created a
    // moment ago may not have arrived yet: the student is told it is not found, and may retry).
    if (
      input.opportunityId !== undefined &&
      !(await this.opportunities.exists(input.opportunityId))
    )
      throw fieldError('opportunityId', API_MESSAGES.opportunityNotFound);
    const created = await withTransaction(this.dataSource, async (manager) => {
      const row = await this.logs.insertLog(
        {
          userId: user.id,
          opportunityId: input.opportunityId ?? null,
          hours: input.hours,
          description: input.description,
          date: day,
        },
        manager,
      );
      // Only an account deleted a moment ago gets here: its session is already gone.
      if (!row) throw new UnauthorizedException();
      if (!organisation || !contactEmail) return { log: toServiceHoursLog(row), token: null };
      // Issue 19: the entry and its confirmation request commit together.
      const token = await this.confirmations.open(
        manager,
        row.id,
        organisation,
        contactEmail,
        language,
      );
      return { log: toServiceHoursLog(await this.logs.findView(manager, row.id)), token };
    });
    if (created.token) await this.confirmations.mailAfterCommit(created.log.id, created.token);
    return created.log;
  }

  // pending → approved | rejected, once (with the rejection's reason, issue 33); or, with
  // `pending`, a decision undone (issue 33). The row lock makes concurrent reviews queue up, so
  // the second one sees the first one's outcome and gets a 409. Issue 9: the review and its audit
  // record commit together; a refusal (404, 403 own entry, 409) leaves one failure record only.
  async review(
    reviewer: Identity,
    id: number,
    { status, reason }: { status: ServiceHoursStatusInput['status']; reason?: string },
  ): Promise<ServiceHoursLog> {
    const entry = {
      actorId: reviewer.id,
      action: REVIEW_ACTIONS[status],
      target: { type: 'service-hours', id },
    };
    return this.refuseFailed(entry, () =>
      withTransaction(this.dataSource, async (manager) => {
        const current = await this.logs.lockForReview(manager, id);
        if (!current) throw new NotFoundException(API_MESSAGES.serviceHoursNotFound);
        if (current.userId === reviewer.id) throw new ForbiddenException(SELF_REVIEW_MESSAGE);
        return status === 'pending'
          ? this.reopenLocked(manager, current, entry)
          : this.decideLocked(manager, reviewer, current, status, reason ?? null, entry);
      }),
    );
  }

  // A refusal (an HttpException) leaves one failure record, in a transaction of its own.
  private async refuseFailed<T>(
    entry: Omit<AuditEntry, 'outcome' | 'detail'>,
    run: () => Promise<T>,
  ): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof HttpException)
        await this.audit.recordFailure({
          ...entry,
          detail: { reason: error.message, status: error.getStatus() },
        });
      throw error;
    }
  }

  private async decideLocked(
    manager: EntityManager,
    reviewer: Identity,
    current: LockedLog,
    status: ReviewDecision,
    reason: string | null,
    entry: Omit<AuditEntry, 'outcome' | 'detail'>,
  ): Promise<ServiceHoursLog> {
    if (current.status !== 'pending') {
      throw new ConflictException(API_MESSAGES.entryAlreadyReviewed(current.status));
    }
    await this.logs.markReviewed(manager, current.id, status, reviewer.id, reason);
    const log = toServiceHoursLog(await this.logs.findView(manager, current.id));
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
      detail: {
        userId: log.userId,
        hours: log.hours,
        from: current.status,
        to: status,
        ...(reason ? { reason } : {}),
      },
    });
    return log;
  }

  // Issue 33 (docs/decisions.md "Undoing an hours decision"): any supervisor or admin returns a
  // decided hand-logged entry to pending; an approval's credit goes back with hours.revoked, in
  // the same transaction, so the directory total, goals and records follow.
  private async reopenLocked(
    manager: EntityManager,
    current: LockedLog,
    entry: Omit<AuditEntry, 'outcome' | 'detail'>,
  ): Promise<ServiceHoursLog> {
    if (current.status === 'pending') throw new ConflictException(API_MESSAGES.entryNotDecided);
    // Attendance entries follow the roster (attendance.recorded), not a review.
    if (current.source !== 'manual') throw new ConflictException(API_MESSAGES.attendanceUndo);
    await this.logs.reopen(manager, current.id);
    if (current.status === 'approved') {
      await this.outbox.add(manager, EVENT_TYPES.hoursRevoked, {
        logId: current.id,
        userId: current.userId,
      });
    }
    await this.audit.record(manager, {
      ...entry,
      outcome: 'success',
      detail: {
        userId: current.userId,
        hours: current.hours,
        from: current.status,
        to: 'pending',
        decidedBy: current.approvedBy,
        ...(current.rejectionReason ? { reason: current.rejectionReason } : {}),
      },
    });
    return toServiceHoursLog(await this.logs.findView(manager, current.id));
  }

  // Issue 33: the owner corrects a rejected entry and sends it again (pending). The rejection's
  // reason stays on it until the next review; the audit record keeps it and the old figures.
  async resubmit(
    user: Identity,
    id: number,
    correction: ServiceHoursCorrection,
  ): Promise<ServiceHoursLog> {
    const entry = {
      actorId: user.id,
      action: 'hours.resubmit' as const,
      target: { type: 'service-hours', id },
    };
    if (
      correction.opportunityId !== undefined &&
      !(await this.opportunities.exists(correction.opportunityId))
    )
      throw fieldError('opportunityId', API_MESSAGES.opportunityNotFound);
    return this.refuseFailed(entry, () =>
      withTransaction(this.dataSource, async (manager) => {
        const current = await this.logs.lockForReview(manager, id);
        if (!current) throw new NotFoundException(API_MESSAGES.serviceHoursNotFound);
        if (current.userId !== user.id) throw new ForbiddenException(API_MESSAGES.resubmitOwnOnly);
        if (current.status !== 'rejected')
          throw new ConflictException(API_MESSAGES.resubmitOnlyRejected);
        await this.logs.resubmit(manager, id, {
          hours: correction.hours,
          description: correction.description,
          date: correction.date.toISOString().slice(0, 10),
          opportunityId: correction.opportunityId ?? null,
        });
        await this.audit.record(manager, {
          ...entry,
          outcome: 'success',
          detail: {
            from: { hours: current.hours, date: current.date },
            to: { hours: correction.hours, date: correction.date.toISOString().slice(0, 10) },
            reason: current.rejectionReason,
          },
        });
        return toServiceHoursLog(await this.logs.findView(manager, id));
      }),
    );
  }
}
