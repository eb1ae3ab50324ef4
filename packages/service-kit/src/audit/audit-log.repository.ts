import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { AuditRecordedPayload, ServiceName } from '@district/contracts';
import { schemaOf } from '../database/create-data-source';
import { encodeAuditCursor } from './audit-cursor';
import { describeAuditDetail } from './audit-detail.util';
import type {
  AuditDetail,
  AuditEntry,
  AuditFilter,
  AuditPageView,
  AuditRecordView,
} from './audit.types';

// Every query of the merged audit trail (svc-auth's audit_log). Raw SQL throughout: the trail is
// the kit's, with no entity in any service's schema list, and `at` keeps PostgreSQL's microseconds.
interface AuditRow {
  id: string;
  at: string;
  service: string;
  actor_id: number | null;
  action: string;
  target_type: string;
  target_id: string | null;
  outcome: 'success' | 'failure';
  detail: AuditDetail | null;
}

// PostgreSQL's own text for a timestamptz in UTC with microseconds (a JS Date keeps only ms).
const AT_TEXT = `'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`;

export function requireTransaction(manager: EntityManager, action: string): void {
  if (!manager.queryRunner?.isTransactionActive) {
    throw new Error(
      `Audit record "${action}" must be written inside a transaction (use withTransaction)`,
    );
  }
}

// The record as it travels (audit.recorded) and is stored: `at` is the time of the action's
// transaction, exactly what the old per-service column defaulted to.
export async function toAuditRecord(
  manager: EntityManager,
  service: string,
  entry: AuditEntry,
): Promise<AuditRecordedPayload> {
  // raw SQL: the transaction's own time as text with microseconds (a JS Date keeps only ms).
  const [{ at }] = (await manager.query(
    `SELECT to_char(now() AT TIME ZONE 'UTC', ${AT_TEXT}) AS at`,
  )) as Array<{ at: string }>;
  return {
    sourceId: randomUUID(),
    service: service as ServiceName,
    at,
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.target.type,
    targetId:
      entry.target.id === undefined || entry.target.id === null ? null : String(entry.target.id),
    outcome: entry.outcome,
    detail: entry.detail ?? null,
  };
}

// The one write into the merged trail (svc-auth): its own records and every consumed
// audit.recorded event. Idempotent on (service, source_id): false when it was already there.
export async function storeAuditRecord(
  manager: EntityManager,
  record: AuditRecordedPayload,
): Promise<boolean> {
  requireTransaction(manager, record.action);
  const schema = schemaOf(manager.dataSource);
  // raw SQL: ON CONFLICT DO NOTHING RETURNING tells a redelivered record apart.
  const rows = (await manager.query(
    `INSERT INTO "${schema}"."audit_log"
       ("service", "source_id", "at", "actor_id", "action", "target_type", "target_id", "outcome", "detail")
     VALUES ($1, $2, $3::timestamptz, $4, $5, $6, $7, $8, $9)
     ON CONFLICT ("service", "source_id") DO NOTHING RETURNING "id"`,
    [
      record.service,
      record.sourceId,
      record.at,
      record.actorId,
      record.action,
      record.targetType,
      record.targetId,
      record.outcome,
      record.detail ? JSON.stringify(record.detail) : null,
    ],
  )) as unknown[];
  return rows.length > 0;
}

// For code outside Nest in the store's own service (svc-auth's CLI, backup stream): writes inside
// the caller's transaction, so the record exists exactly when the action committed.
export async function addAuditRecord(
  manager: EntityManager,
  entry: AuditEntry,
  service = `svc-${schemaOf(manager.dataSource)}`,
): Promise<string> {
  requireTransaction(manager, entry.action);
  const record = await toAuditRecord(manager, service, entry);
  await storeAuditRecord(manager, record);
  return record.sourceId;
}

// Keyset page of the merged trail, newest first. Reads limit + 1 rows to know whether an older
// page exists.
export async function readAuditPage(
  manager: EntityManager,
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
  // raw SQL: the keyset row comparison and the microsecond text of `at`.
  const rows = (await manager.query(
    // Qualified with `a.`: the output columns are text named "at" and "id", and an unqualified
    // ORDER BY would sort by those (no index, and "10" before "9").
    `SELECT a."id"::text AS id,
            to_char(a."at" AT TIME ZONE 'UTC', ${AT_TEXT}) AS at,
            a."service", a."actor_id", a."action", a."target_type", a."target_id", a."outcome", a."detail"
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
    items: page.map(toView),
    nextCursor: more && last ? encodeAuditCursor({ at: last.at, id: last.id }) : null,
  };
}

function toView(row: AuditRow): AuditRecordView {
  return {
    id: `${row.service}:${row.id}`,
    service: row.service,
    actorId: row.actor_id,
    action: row.action,
    target: row.target_id === null ? row.target_type : `${row.target_type}:${row.target_id}`,
    outcome: row.outcome,
    detail: describeAuditDetail(row.detail),
    data: row.detail,
    at: row.at,
  };
}
