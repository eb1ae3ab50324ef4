import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { SERVICE_NAME } from '../bootstrap/service-kit.module';
import { schemaOf } from '../database/create-data-source';
import { withTransaction } from '../database/with-transaction';
import { encodeAuditCursor } from './audit-cursor';
import { describeAuditDetail } from './audit-detail.util';
import type {
  AuditDetail,
  AuditEntry,
  AuditFilter,
  AuditPageView,
  AuditRecordView,
} from './audit.types';

interface AuditRow {
  id: string;
  at: string;
  actor_id: number | null;
  action: string;
  target_type: string;
  target_id: string | null;
  outcome: 'success' | 'failure';
  detail: AuditDetail | null;
}

// Writes inside the caller's transaction, like the outbox: the record exists exactly when the
// action committed. Insert and read only; there is deliberately no update or delete here.
export async function addAuditRecord(manager: EntityManager, entry: AuditEntry): Promise<string> {
  if (!manager.queryRunner?.isTransactionActive) {
    throw new Error(
      `Audit record "${entry.action}" must be written inside a transaction (use withTransaction)`,
    );
  }
  const schema = schemaOf(manager.dataSource);
  const rows = (await manager.query(
    `INSERT INTO "${schema}"."audit_log" ("actor_id", "action", "target_type", "target_id", "outcome", "detail")
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING "id"::text AS id`,
    [
      entry.actorId,
      entry.action,
      entry.target.type,
      entry.target.id === undefined || entry.target.id === null ? null : String(entry.target.id),
      entry.outcome,
      entry.detail ? JSON.stringify(entry.detail) : null,
    ],
  )) as Array<{ id: string }>;
  return rows[0].id;
}

// Keyset page, newest first. Reads limit + 1 rows to know whether an older page exists.
export async function readAuditPage(
  manager: EntityManager,
  service: string,
  filter: AuditFilter,
): Promise<AuditPageView> {
  const schema = schemaOf(manager.dataSource);
  const where: string[] = [];
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (filter.actor !== undefined) where.push(`a."actor_id" = ${param(filter.actor)}`);
  if (filter.action !== undefined) where.push(`a."action" = ${param(filter.action)}`);
  if (filter.from) where.push(`a."at" >= ${param(filter.from.toISOString())}::timestamptz`);
  if (filter.to) where.push(`a."at" <= ${param(filter.to.toISOString())}::timestamptz`);
  if (filter.before) {
    // Row comparison walks the (at DESC, id DESC) indexes directly.
    where.push(
      `(a."at", a."id") < (${param(filter.before.at)}::timestamptz, ${param(filter.before.id)}::bigint)`,
    );
  }
  const rows = (await manager.query(
    // Qualified with `a.`: the output columns are text named "at" and "id", and an unqualified
    // ORDER BY would sort by those (no index, and "10" before "9").
    `SELECT a."id"::text AS id,
            to_char(a."at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at,
            a."actor_id", a."action", a."target_type", a."target_id", a."outcome", a."detail"
       FROM "${schema}"."audit_log" a
      ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY a."at" DESC, a."id" DESC
      LIMIT ${param(filter.limit + 1)}`,
    params,
  )) as AuditRow[];
  const more = rows.length > filter.limit;
  const page = more ? rows.slice(0, filter.limit) : rows;
  const last = page[page.length - 1];
  return {
    items: page.map((row) => toView(service, row)),
    nextCursor: more && last ? encodeAuditCursor({ at: last.at, id: last.id }) : null,
  };
}

function toView(service: string, row: AuditRow): AuditRecordView {
  return {
    id: `${service}:${row.id}`,
    service,
    actorId: row.actor_id,
    action: row.action,
    target: row.target_id === null ? row.target_type : `${row.target_type}:${row.target_id}`,
    outcome: row.outcome,
    detail: describeAuditDetail(row.detail),
    data: row.detail,
    at: row.at,
  };
}

@Injectable()
export class AuditService {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(SERVICE_NAME) readonly service: string,
  ) {}

  // In the same transaction as the action it records.
  record(manager: EntityManager, entry: AuditEntry): Promise<string> {
    return addAuditRecord(manager, entry);
  }

  // A refused or failed action: the record alone, in its own transaction, after the action's
  // transaction rolled back (so nothing of the action is left).
  recordFailure(entry: Omit<AuditEntry, 'outcome'>): Promise<string> {
    return withTransaction(this.dataSource, (manager) =>
      addAuditRecord(manager, { ...entry, outcome: 'failure' }),
    );
  }

  page(filter: AuditFilter): Promise<AuditPageView> {
    return readAuditPage(this.dataSource.manager, this.service, filter);
  }
}
