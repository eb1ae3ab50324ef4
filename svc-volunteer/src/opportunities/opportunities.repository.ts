import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import {
  defaultEndsAt,
  type CreateOpportunityInput,
  type OpportunityStatus,
} from '@district/contracts';
import { SignupEntity } from '../signups/signup.entity';
import { OpportunityEntity } from './opportunity.entity';
import {
  opportunityColumns,
  signedUpColumn,
  waitlistColumns,
  type OpportunityRow,
} from './opportunity-view';

// Upcoming events soonest first; past events most recent first.
const ORDER: Record<OpportunityStatus | 'all', string> = {
  active: 'o."date" ASC, o."id" ASC',
  archived: 'o."date" DESC, o."id" DESC',
  all: 'o."date" DESC, o."id" DESC',
};
const ORDER_BY: Record<OpportunityStatus | 'all', { date: 'ASC' | 'DESC'; id: 'ASC' | 'DESC' }> = {
  active: { date: 'ASC', id: 'ASC' },
  archived: { date: 'DESC', id: 'DESC' },
  all: { date: 'DESC', id: 'DESC' },
};

// The columns an Opportunity answer is built from (toOpportunity).
const VIEW_FIELDS = {
  id: true,
  title: true,
  description: true,
  location: true,
  date: true,
  endsAt: true,
  spaces: true,
  filled: true,
  status: true,
  seriesId: true,
} as const;

@Injectable()
export class OpportunitiesRepository {
  constructor(
    @InjectRepository(OpportunityEntity) private readonly repo: Repository<OpportunityEntity>,
  ) {}

  // Hot path (bench/volunteer-list.ts, on a cache miss): the whole list in one statement.
  findList(status: OpportunityStatus | undefined): Promise<OpportunityRow[]> {
    // raw SQL: measured hot path (bench/volunteer-list.ts); one statement, column list shared with findOneFor.
    return this.repo.query(
      `SELECT ${opportunityColumns()} FROM "opportunities" o
        WHERE ($1::varchar IS NULL OR o."status" = $1)
        ORDER BY ${ORDER[status ?? 'all']}`,
      [status ?? null],
    );
  }

  // One page of the same list in the same order, and the total.
  findPage(
    status: OpportunityStatus | undefined,
    take: number,
    skip: number,
  ): Promise<[OpportunityRow[], number]> {
    return this.repo.findAndCount({
      select: VIEW_FIELDS,
      where: status ? { status } : {},
      order: ORDER_BY[status ?? 'all'],
      take,
      skip,
    });
  }

  // With "signedUp" for one viewer. On the sign-up path (bench/capacity-race.ts): one statement.
  async findOneFor(
    id: number,
    viewerId: number,
    manager: EntityManager = this.repo.manager,
  ): Promise<OpportunityRow | undefined> {
    // raw SQL: correlated EXISTS columns for the viewer, on the sign-up path (bench/capacity-race.ts).
    const rows: OpportunityRow[] = await manager.query(
      `SELECT ${opportunityColumns()}, ${signedUpColumn('$2')}, ${waitlistColumns('$2')}
         FROM "opportunities" o WHERE o."id" = $1`,
      [id, viewerId],
    );
    return rows[0];
  }

  async insert(manager: EntityManager, input: CreateOpportunityInput): Promise<OpportunityRow> {
    const repo = manager.getRepository(OpportunityEntity);
    const { identifiers } = await repo.insert({
      title: input.title,
      description: input.description,
      location: input.location,
      date: input.date,
      endsAt: input.endsAt ?? defaultEndsAt(input.date),
      spaces: input.spaces,
    });
    return repo.findOneOrFail({ select: VIEW_FIELDS, where: { id: identifiers[0].id as number } });
  }

  // Under the row lock (FOR UPDATE), for a change that records where it came from.
  lockForChange(
    manager: EntityManager,
    id: number,
  ): Promise<Pick<OpportunityEntity, 'status' | 'title'> | null> {
    return manager.getRepository(OpportunityEntity).findOne({
      select: { id: true, status: true, title: true },
      where: { id },
      lock: { mode: 'pessimistic_write' },
    });
  }

  // archived_at keeps the first archiving time; reopening clears it.
  async setStatus(manager: EntityManager, id: number, status: OpportunityStatus): Promise<void> {
    await manager
      .getRepository(OpportunityEntity)
      .createQueryBuilder()
      .update()
      .set({
        status,
        archivedAt: () => (status === 'archived' ? 'COALESCE("archived_at", now())' : 'NULL'),
      })
      .where('id = :id', { id })
      .execute();
  }

  // The deleted row's title, or undefined when there was none. Signups and photos go with it
  // (ON DELETE CASCADE).
  async delete(manager: EntityManager, id: number): Promise<string | undefined> {
    const result = await manager
      .getRepository(OpportunityEntity)
      .createQueryBuilder()
      .delete()
      .where('id = :id', { id })
      .returning(['title'])
      .execute();
    return (result.raw as Array<{ title: string }>)[0]?.title;
  }

  // Issue 18 — a weekly series: the start of each week's date, the same wall-clock time in
  // `timeZone` (so a daylight-saving change does not move it by an hour).
  async weeklyStarts(
    manager: EntityManager,
    first: Date,
    count: number,
    timeZone: string,
  ): Promise<Date[]> {
    // raw SQL: generate_series and AT TIME ZONE arithmetic (DST-correct weekly dates).
    const rows: Array<{ starts: Date }> = await manager.query(
      `SELECT ((($1::timestamptz AT TIME ZONE $3) + make_interval(weeks => i)) AT TIME ZONE $3) AS "starts"
         FROM generate_series(0, $2::int - 1) AS i ORDER BY i`,
      [first, count, timeZone],
    );
    return rows.map((row) => row.starts);
  }

  // Every date of a series in one statement; the ids in date order.
  async insertMany(
    manager: EntityManager,
    rows: Array<
      Pick<
        OpportunityEntity,
        'title' | 'description' | 'location' | 'date' | 'endsAt' | 'spaces' | 'seriesId'
      >
    >,
  ): Promise<number[]> {
    const { identifiers } = await manager.getRepository(OpportunityEntity).insert(rows);
    return identifiers.map((identifier) => identifier.id as number);
  }

  // Everything an edit compares against, under the row lock (signups wait for it, so "filled"
  // cannot grow past a lowered capacity meanwhile).
  lockForEdit(manager: EntityManager, id: number): Promise<OpportunityEntity | null> {
    return manager.getRepository(OpportunityEntity).findOne({
      where: { id },
      lock: { mode: 'pessimistic_write' },
    });
  }

  async update(
    manager: EntityManager,
    id: number,
    changes: Partial<
      Pick<OpportunityEntity, 'title' | 'description' | 'location' | 'date' | 'endsAt' | 'spaces'>
    >,
  ): Promise<void> {
    await manager.getRepository(OpportunityEntity).update({ id }, changes);
  }

  // The students signed up for one opportunity.
  async signedUpStudentIds(manager: EntityManager, id: number): Promise<number[]> {
    const rows = await manager.getRepository(SignupEntity).find({
      select: { userId: true },
      where: { opportunityId: id },
      order: { userId: 'ASC' },
    });
    return rows.map((row) => row.userId);
  }
}
