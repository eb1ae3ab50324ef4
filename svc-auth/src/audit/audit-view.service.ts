import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  AuditService,
  schemaOf,
  type AuditFilter,
  type AuditPageView,
  type AuditRecordView,
} from '@district/service-kit';

// GET /api/audit: one page of the merged trail (one table, no call to another service), with
// the actors' names, which svc-auth owns.
@Injectable()
export class AuditViewService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly audit: AuditService,
  ) {}

  async page(filter: AuditFilter): Promise<AuditPageView> {
    const page = await this.audit.page(filter);
    await this.attachActorNames(page.items);
    return page;
  }

  // One query for every actor on the page (deleted users stay null).
  private async attachActorNames(items: AuditRecordView[]): Promise<void> {
    const ids = [...new Set(items.map((i) => i.actorId).filter((id): id is number => id !== null))];
    const names = new Map<number, string>();
    if (ids.length > 0) {
      const rows = (await this.dataSource.query(
        `SELECT id, name FROM "${schemaOf(this.dataSource)}"."users" WHERE id = ANY($1::int[])`,
        [ids],
      )) as Array<{ id: number; name: string }>;
      for (const row of rows) names.set(row.id, row.name);
    }
    for (const item of items)
      item.actorName = item.actorId === null ? null : (names.get(item.actorId) ?? null);
  }
}
