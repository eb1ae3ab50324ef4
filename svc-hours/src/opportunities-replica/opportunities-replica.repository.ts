import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

@Injectable()
export class OpportunitiesReplicaRepository {
  constructor(private readonly dataSource: DataSource) {}

  // created and updated alike: the latest state wins, unless the opportunity is already gone.
  async upsert(
    manager: EntityManager,
    opportunity: { id: number; title: string; date: string },
  ): Promise<void> {
    await manager.query(
      `INSERT INTO "opportunities_replica" ("id", "title", "date") VALUES ($1, $2, $3)
       ON CONFLICT ("id") DO UPDATE SET "title" = EXCLUDED."title", "date" = EXCLUDED."date"
       WHERE NOT "opportunities_replica"."deleted"`,
      [opportunity.id, opportunity.title.slice(0, 200), opportunity.date],
    );
  }

  async markDeleted(manager: EntityManager, id: number): Promise<void> {
    await manager.query(
      `INSERT INTO "opportunities_replica" ("id", "title", "date", "deleted")
       VALUES ($1, '', now(), true)
       ON CONFLICT ("id") DO UPDATE SET "deleted" = true`,
      [id],
    );
  }

  async exists(id: number, manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    const rows = (await manager.query(
      `SELECT 1 FROM "opportunities_replica" WHERE "id" = $1 AND NOT "deleted"`,
      [id],
    )) as unknown[];
    return rows.length > 0;
  }
}
