import { randomUUID } from 'node:crypto';
import {
  BadRequestException,
  ConflictException,
  HttpException,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  API_MESSAGES,
  EVENT_TYPES,
  VALIDATION,
  type CreateOpportunityInput,
  DATE_MAX,
  defaultEndsAt,
  DISTRICT_TIME_ZONE,
  OPPORTUNITY_EDIT_MESSAGES,
  type UpdateOpportunityInput,
  PAGE_SIZE_DEFAULT,
  type Opportunity,
  type OpportunitiesQuery,
  type OpportunityStatus,
  type Page,
} from '@district/contracts';
import {
  AuditService,
  OutboxService,
  withTransaction,
  type AuditEntry,
  type CachedList,
} from '@district/service-kit';
import { OpportunitiesRepository } from './opportunities.repository';
import { OpportunityListCache } from './opportunity-list.cache';
import { RemindersService } from '../reminders/reminders.service';
import { WaitlistPromotion } from '../waitlist/waitlist-promotion.service';
import { OpportunityChangeNotice } from './opportunity-change-notice';
import { toOpportunity } from './opportunity-view';

function badField(path: string, message: string): BadRequestException {
  return new BadRequestException({ statusCode: 400, message, errors: [{ path, message }] });
}

@Injectable()
export class OpportunitiesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly opportunities: OpportunitiesRepository,
    private readonly outbox: OutboxService,
    private readonly cache: OpportunityListCache,
    private readonly audit: AuditService,
    private readonly changeNotice: OpportunityChangeNotice,
    private readonly waitlist: WaitlistPromotion,
    private readonly reminders: RemindersService,
  ) {}

  // Issue 9: the change and its success record commit together; a refusal (404) rolls back and
  // leaves a failure record alone, in its own transaction.
  private async audited<T>(
    entry: Omit<AuditEntry, 'outcome' | 'detail'>,
    run: (manager: EntityManager) => Promise<T>,
  ): Promise<T> {
    try {
      return await withTransaction(this.dataSource, run);
    } catch (error) {
      if (error instanceof HttpException)
        await this.audit.recordFailure({
          ...entry,
          detail: { reason: error.message, status: error.getStatus() },
        });
      throw error;
    }
  }

  // One query for the whole list, capacity included (no N+1). The answer is the same for every
  // caller (whether *you* signed up comes with the signups list), so it is served from a cache
  // that PostgreSQL invalidates on every committed change.
  listBody(status?: OpportunityStatus): Promise<CachedList> {
    return this.cache.read(status ?? 'all', async () => ({ value: await this.list(status) }));
  }

  async list(status?: OpportunityStatus): Promise<Opportunity[]> {
    return (await this.opportunities.findList(status)).map(toOpportunity);
  }

  // One page of the same list in the same order, with the total.
  async page(query: OpportunitiesQuery): Promise<Page<Opportunity>> {
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? PAGE_SIZE_DEFAULT;
    // An absurd page number must answer an empty page, not overflow OFFSET.
    const skip = Math.min((page - 1) * pageSize, 2_147_483_647);
    const [rows, total] = await this.opportunities.findPage(query.status, pageSize, skip);
    return { items: rows.map(toOpportunity), total, page, pageSize };
  }

  async findOne(id: number, viewerId: number): Promise<Opportunity> {
    const row = await this.opportunities.findOneFor(id, viewerId);
    if (!row) throw new NotFoundException(API_MESSAGES.opportunityNotFound);
    return toOpportunity(row);
  }

  // The opportunity and its opportunity.created event commit together or not at all.
  async create(input: CreateOpportunityInput, actorId: number): Promise<Opportunity> {
    if (input.repeatWeeks) return this.createSeries(input, input.repeatWeeks, actorId);
    const opportunity = await withTransaction(this.dataSource, async (manager) => {
      const created = toOpportunity({
        ...(await this.opportunities.insert(manager, input)),
        signedUp: false,
      });
      await this.outbox.add(manager, EVENT_TYPES.opportunityCreated, {
        id: created.id,
        title: created.title,
        location: created.location,
        date: created.date,
        announce: true,
      });
      await this.audit.record(manager, {
        actorId,
        action: 'opportunity.create',
        target: { type: 'opportunity', id: created.id },
        outcome: 'success',
        detail: { title: created.title, date: created.date },
      });
      return created;
    });
    this.cache.invalidate();
    return opportunity;
  }

  // Archive (or reopen) by hand; archived_at keeps the first archiving time.
  async setStatus(id: number, status: OpportunityStatus, actorId: number): Promise<Opportunity> {
    const entry = {
      actorId,
      action:
        status === 'archived' ? ('opportunity.archive' as const) : ('opportunity.reopen' as const),
      target: { type: 'opportunity', id },
    };
    const opportunity = await this.audited(entry, async (manager) => {
      // The previous status is read under the row lock, for the record's from/to.
      const before = await this.opportunities.lockForChange(manager, id);
      if (!before) throw new NotFoundException(API_MESSAGES.opportunityNotFound);
      await this.opportunities.setStatus(manager, id, status);
      await this.audit.record(manager, {
        ...entry,
        outcome: 'success',
        detail: { title: before.title, from: before.status, to: status },
      });
      return toOpportunity((await this.opportunities.findOneFor(id, actorId, manager))!);
    });
    this.cache.invalidate();
    return opportunity;
  }

  // Signups and photos go with it (ON DELETE CASCADE).
  async remove(id: number, actorId: number): Promise<void> {
    const entry = {
      actorId,
      action: 'opportunity.delete' as const,
      target: { type: 'opportunity', id },
    };
    await this.audited(entry, async (manager) => {
      const title = await this.opportunities.delete(manager, id);
      if (title === undefined) throw new NotFoundException(API_MESSAGES.opportunityNotFound);
      // svc-hours' replica forgets it: hours can no longer be logged against it (issue 29).
      await this.outbox.add(manager, EVENT_TYPES.opportunityDeleted, { id });
      // The opportunity is gone afterwards: its title stays readable in the record.
      await this.audit.record(manager, {
        ...entry,
        outcome: 'success',
        detail: { title },
      });
    });
    this.cache.invalidate();
  }

  // Issue 18 — "Repeat weekly": `count` independent opportunities a week apart (each its own
  // capacity and sign-ups) sharing a series id, written in one transaction: all or none. The
  // notifications feed hears of the series once, by its first date. Answers the first date.
  private async createSeries(
    input: CreateOpportunityInput,
    count: number,
    actorId: number,
  ): Promise<Opportunity> {
    const seriesId = randomUUID();
    const durationMs = (input.endsAt ?? defaultEndsAt(input.date)).getTime() - input.date.getTime();
    const first = await withTransaction(this.dataSource, async (manager) => {
      const starts = await this.opportunities
        .weeklyStarts(manager, input.date, count, input.timeZone ?? DISTRICT_TIME_ZONE)
        .catch((error: unknown) => {
          // A zone the browser knows but PostgreSQL's tz database does not (22023).
          if ((error as { code?: string }).code === '22023')
            throw badField('timeZone', OPPORTUNITY_EDIT_MESSAGES.invalidTimeZone);
          throw error;
        });
      if (starts.some((start) => start.getTime() + durationMs > DATE_MAX.getTime()))
        throw badField('date', VALIDATION.invalidDate);
      const ids = await this.opportunities.insertMany(
        manager,
        starts.map((date) => ({
          title: input.title,
          description: input.description,
          location: input.location,
          date,
          endsAt: new Date(date.getTime() + durationMs),
          spaces: input.spaces,
          seriesId,
        })),
      );
      for (const [index, id] of ids.entries()) {
        await this.audit.record(manager, {
          actorId,
          action: 'opportunity.create',
          target: { type: 'opportunity', id },
          outcome: 'success',
          detail: { title: input.title, date: starts[index].toISOString(), seriesId },
        });
      }
      const created = toOpportunity(
        (await this.opportunities.findOneFor(ids[0], actorId, manager))!,
      );
      // Every date exists for svc-hours' replica (issue 29); the feed announces the first only.
      for (const [index, id] of ids.entries())
        await this.outbox.add(manager, EVENT_TYPES.opportunityCreated, {
          id,
          title: input.title,
          location: input.location,
          date: starts[index].toISOString(),
          announce: index === 0,
        });
      return created;
    });
    this.cache.invalidate();
    return first;
  }

  // Issue 18 — PATCH /api/opportunities/{id}. Moving the start alone keeps the duration. Fewer
  // spaces than sign-ups is a 409. Signed-up students hear of a new time or place.
  async update(id: number, input: UpdateOpportunityInput, actorId: number): Promise<Opportunity> {
    const entry = {
      actorId,
      action: 'opportunity.update' as const,
      target: { type: 'opportunity', id },
    };
    // What the reminders must follow once the edit has committed.
    let promoted: number[] = [];
    let timeMoved = false;
    const opportunity = await this.audited(entry, async (manager) => {
      const before = await this.opportunities.lockForEdit(manager, id);
      if (!before) throw new NotFoundException(API_MESSAGES.opportunityNotFound);
      const date = input.date ?? before.date;
      const endsAt =
        input.endsAt ??
        new Date(before.endsAt.getTime() + (date.getTime() - before.date.getTime()));
      if (endsAt <= date) throw badField('endsAt', VALIDATION.endBeforeStart);
      if (endsAt > DATE_MAX) throw badField('endsAt', VALIDATION.invalidDate);
      if (input.spaces !== undefined && input.spaces < before.filled)
        throw new ConflictException(OPPORTUNITY_EDIT_MESSAGES.spacesBelowSignups(before.filled));

      const after = {
        title: input.title ?? before.title,
        description: input.description ?? before.description,
        location: input.location ?? before.location,
        date,
        endsAt,
        spaces: input.spaces ?? before.spaces,
      };
      const changed: Record<string, { from: unknown; to: unknown }> = {};
      for (const field of Object.keys(after) as Array<keyof typeof after>) {
        const from = before[field];
        const to = after[field];
        const same = from instanceof Date ? from.getTime() === (to as Date).getTime() : from === to;
        if (!same) changed[field] = { from, to };
      }
      if (Object.keys(changed).length > 0) {
        await this.opportunities.update(manager, id, after);
        // svc-hours' replica follows the title and start (issue 29).
        await this.outbox.add(manager, EVENT_TYPES.opportunityUpdated, {
          id,
          title: after.title,
          location: after.location,
          date: after.date.toISOString(),
        });
      }
      if (after.spaces > before.spaces) promoted = await this.afterSpacesRaised(manager, id);
      timeMoved = 'date' in changed;
      await this.audit.record(manager, {
        ...entry,
        outcome: 'success',
        detail: { title: after.title, changed },
      });

      const moved = 'date' in changed || 'endsAt' in changed || 'location' in changed;
      if (moved) await this.changeNotice.announce(manager, { id, before, after });
      return toOpportunity((await this.opportunities.findOneFor(id, actorId, manager))!);
    });
    this.cache.invalidate();
    if (timeMoved) await this.reminders.rescheduleOpportunity(id);
    for (const userId of promoted) await this.reminders.scheduleFor({ opportunityId: id, userId });
    return opportunity;
  }

  // Raised spaces free spots: the first students in line take them in the edit's own transaction
  // (row still locked), so no spot is open while someone waits. Answers who was promoted.
  afterSpacesRaised(manager: EntityManager, id: number): Promise<number[]> {
    return this.waitlist.promoteFromWaitlist(manager, id);
  }

  // After a write elsewhere in this replica (signups), so its own next read is fresh at once.
  changed(): void {
    this.cache.invalidate();
  }
}
