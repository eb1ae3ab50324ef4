import { Injectable } from '@nestjs/common';
import {
  AuditService,
  type AuditFilter,
  type AuditPageView,
  type AuditRecordView,
} from '@district/service-kit';
import { UsersRepository } from '../users/users.repository';

// GET /api/audit: one page of the merged trail (one table, no call to another service), with
// the actors' names, which svc-auth owns.
@Injectable()
export class AuditViewService {
  constructor(
    private readonly users: UsersRepository,
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
    const names = await this.users.namesOf(ids);
    for (const item of items)
      item.actorName = item.actorId === null ? null : (names.get(item.actorId) ?? null);
  }
}
