import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { OpportunityEntity } from '../opportunities/opportunity.entity';

@Injectable()
export class ArchiveRepository {
  // Active opportunities dated before now() - `after` (a PostgreSQL interval) become archived;
  // returns their ids. Only active rows move, so a repeated or concurrent run moves none twice.
  async archiveOlderThan(manager: EntityManager, after: string): Promise<number[]> {
    const result = await manager
      .getRepository(OpportunityEntity)
      .createQueryBuilder()
      .update()
      .set({ status: 'archived', archivedAt: () => 'now()' })
      .where(`"status" = 'active' AND "date" < now() - CAST(:after AS interval)`, { after })
      .returning(['id'])
      .execute();
    return (result.raw as Array<{ id: number }>).map((row) => row.id);
  }
}
