import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { OpportunityReplicaEntity } from './opportunity-replica.entity';

@Injectable()
export class OpportunitiesReplicaRepository {
  constructor(private readonly dataSource: DataSource) {}

  // created and updated alike: the latest state wins, unless the opportunity is already gone.
  async upsert(
    manager: EntityManager,
    opportunity: { id: number; title: string; date: string },
  ): Promise<void> {
    // raw SQL: ON CONFLICT … DO UPDATE … WHERE NOT deleted (a tombstone stays); TypeORM's
    // upsert has no WHERE on the update.
    await manager.query(
      `INSERT INTO "opportunities_replica" ("id", "title", "date") VALUES ($1, $2, $3)
       ON CONFLICT ("id") DO UPDATE SET "title" = EXCLUDED."title", "date" = EXCLUDED."date"
       WHERE NOT "opportunities_replica"."deleted"`,
      [opportunity.id, opportunity.title.slice(0, 200), opportunity.date],
    );
  }

  async markDeleted(manager: EntityManager, id: number): Promise<void> {
    // raw SQL: the tombstone keeps the title and date an earlier event wrote (ON CONFLICT sets
    // only "deleted"), and a delete that arrives first inserts one with now() as its date.
    await manager.query(
      `INSERT INTO "opportunities_replica" ("id", "title", "date", "deleted")
       VALUES ($1, '', now(), true)
       ON CONFLICT ("id") DO UPDATE SET "deleted" = true`,
      [id],
    );
  }

  async exists(id: number, manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    return manager
      .getRepository(OpportunityReplicaEntity)
      .exists({ where: { id, deleted: false } });
  }
}
