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
  managerRows,
  OutboxService,
  queryRows,
  withTransaction,
  type AuditEntry,
} from '@district/service-kit';
import { OpportunityListCache, type CachedBody } from './opportunity-list.cache';
import {
  opportunityColumns,
  signedUpColumn,
  toOpportunity,
  type OpportunityRow,
} from './opportunity-view.util';

// Upcoming events soonest first; past events most recent first.
const ORDER: Record<OpportunityStatus | 'all', string> = {
  active: 'o."date" ASC, o."id" ASC',
  archived: 'o."date" DESC, o."id" DESC',
  all: 'o."date" DESC, o."id" DESC',
};

@Injectable()
export class OpportunitiesService {
  constructor(
    private readonly dataSource: DataSource,
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
    const rows = await queryRows<OpportunityRow>(
      this.dataSource,
      `SELECT ${opportunityColumns()} FROM "opportunities" o
        WHERE ($1::varchar IS NULL OR o."status" = $1)
        ORDER BY ${ORDER[status ?? 'all']}`,
      [status ?? null],
    );
    return rows.map(toOpportunity);
  }

  // One page of the same list in the same order, with the total (two statements at once).
  async page(query: OpportunitiesQuery): Promise<Page<Opportunity>> {
    const status = query.status ?? null;
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? PAGE_SIZE_DEFAULT;
    const [rows, counted] = await Promise.all([
      queryRows<OpportunityRow>(
        this.dataSource,
        `SELECT ${opportunityColumns()} FROM "opportunities" o
          WHERE ($1::varchar IS NULL OR o."status" = $1)
          ORDER BY ${ORDER[query.status ?? 'all']}
          LIMIT $2 OFFSET $3`,
        // An absurd page number must answer an empty page, not overflow OFFSET.
        [status, pageSize, Math.min((page - 1) * pageSize, 2_147_483_647)],
      ),
      queryRows<{ total: number }>(
        this.dataSource,
        `SELECT count(*)::int AS "total" FROM "opportunities" o
          WHERE ($1::varchar IS NULL OR o."status" = $1)`,
        [status],
      ),
    ]);
    return { items: rows.map(toOpportunity), total: counted[0]?.total ?? 0, page, pageSize };
  }

  async findOne(id: number, viewerId: number): Promise<Opportunity> {
    const rows = await queryRows<OpportunityRow>(
      this.dataSource,
      `SELECT ${opportunityColumns()}, ${signedUpColumn('$2')} FROM "opportunities" o WHERE o."id" = $1`,
      [id, viewerId],
    );
    if (rows.length === 0) throw new NotFoundException(API_MESSAGES.opportunityNotFound);
    return toOpportunity(rows[0]);
  }

  // The opportunity and its opportunity.created event commit together or not at all.
  async create(input: CreateOpportunityInput, actorId: number): Promise<Opportunity> {
    const opportunity = await withTransaction(this.dataSource, async (manager) => {
      const rows = await managerRows<OpportunityRow>(
        manager,
        `INSERT INTO "opportunities" ("title", "description", "location", "date", "spaces")
         VALUES ($1, $2, $3, $4, $5)
         RETURNING ${opportunityColumns('"opportunities"')}, false AS "signedUp"`,
        [input.title, input.description, input.location, input.date, input.spaces],
      );
      const created = toOpportunity(rows[0]);
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
      const before = await managerRows<{ status: OpportunityStatus; title: string }>(
        manager,
        `SELECT "status", "title" FROM "opportunities" WHERE "id" = $1 FOR UPDATE`,
        [id],
      );
      if (before.length === 0) throw new NotFoundException(API_MESSAGES.opportunityNotFound);
      const rows = await managerRows<OpportunityRow>(
        manager,
        `UPDATE "opportunities" o
            SET "status" = $2::varchar,
                "archived_at" = CASE WHEN $2::varchar = 'archived' THEN COALESCE(o."archived_at", now()) ELSE NULL END
          WHERE o."id" = $1
          RETURNING ${opportunityColumns()}, ${signedUpColumn('$3')}`,
        [id, status, actorId],
      );
      await this.audit.record(manager, {
        ...entry,
        outcome: 'success',
        detail: { title: before[0].title, from: before[0].status, to: status },
      });
      return toOpportunity(rows[0]);
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
      const rows = await managerRows<{ title: string }>(
        manager,
        `DELETE FROM "opportunities" WHERE "id" = $1 RETURNING "title"`,
        [id],
      );
      if (rows.length === 0) throw new NotFoundException(API_MESSAGES.opportunityNotFound);
      // The opportunity is gone afterwards: its title stays readable in the record.
      await this.audit.record(manager, {
        ...entry,
        outcome: 'success',
        detail: { title: rows[0].title },
      });
    });
    this.cache.invalidate();
  }

  // After a write elsewhere in this replica (signups), so its own next read is fresh at once.
  changed(): void {
    this.cache.invalidate();
  }
}
