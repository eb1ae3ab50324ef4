import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { SERVICE_NAME } from '../bootstrap/service-kit.module';
import { withTransaction } from '../database/with-transaction';
import { OutboxService } from '../events/outbox.service';
import { AUDIT_OPTIONS, type AuditModuleOptions } from './audit.options';
import type { AuditEntry, AuditFilter, AuditPageView } from './audit.types';
import {
  readAuditPage,
  requireTransaction,
  storeAuditRecord,
  toAuditRecord,
} from './audit-log.repository';

// Issue 16: services talk by events only. svc-auth (`store: true`) keeps the merged trail and
// writes its own records straight into it; every other service publishes each record as an
// audit.recorded event through its outbox, in the action's transaction.
@Injectable()
export class AuditService {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(SERVICE_NAME) readonly service: string,
    @Inject(AUDIT_OPTIONS) private readonly options: AuditModuleOptions,
    private readonly outbox: OutboxService,
  ) {}

  // In the same transaction as the action it records. Returns the record's source id.
  async record(manager: EntityManager, entry: AuditEntry): Promise<string> {
    requireTransaction(manager, entry.action);
    const record = await toAuditRecord(manager, this.service, entry);
    if (this.options.store) await storeAuditRecord(manager, record);
    else await this.outbox.add(manager, 'audit.recorded', record);
    return record.sourceId;
  }

  // A refused or failed action: the record alone, in its own transaction, after the action's
  // transaction rolled back (so nothing of the action is left).
  recordFailure(entry: Omit<AuditEntry, 'outcome'>): Promise<string> {
    return withTransaction(this.dataSource, (manager) =>
      this.record(manager, { ...entry, outcome: 'failure' }),
    );
  }

  // The merged trail; only the store has one.
  page(filter: AuditFilter): Promise<AuditPageView> {
    if (!this.options.store) throw new Error(`${this.service} keeps no audit trail`);
    return readAuditPage(this.dataSource.manager, filter);
  }
}
