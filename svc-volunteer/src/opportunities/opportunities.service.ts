import { HttpException, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  API_MESSAGES,
  EVENT_TYPES,
  type CreateOpportunityInput,
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
} from '@district/service-kit';
import { OpportunitiesRepository } from './opportunities.repository';
import { OpportunityListCache, type CachedBody } from './opportunity-list.cache';
import { toOpportunity } from './opportunity-view';

@Injectable()
export class OpportunitiesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly opportunities: OpportunitiesRepository,
    private readonly outbox: OutboxService,
    private readonly cache: OpportunityListCache,
    private readonly audit: AuditService,
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
  listBody(status?: OpportunityStatus): Promise<CachedBody> {
    return this.cache.read(status ?? 'all', () => this.list(status));
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
      // The opportunity is gone afterwards: its title stays readable in the record.
      await this.audit.record(manager, {
        ...entry,
        outcome: 'success',
        detail: { title },
      });
    });
    this.cache.invalidate();
  }

  // After a write elsewhere in this replica (signups), so its own next read is fresh at once.
  changed(): void {
    this.cache.invalidate();
  }
}
