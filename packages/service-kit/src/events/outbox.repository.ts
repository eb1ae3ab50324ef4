import { Client } from 'pg';
import type { DataSource, EntityManager } from 'typeorm';
import { schemaOf } from '../database/create-data-source';
import { outboxChannel } from './event-envelope';

// Every query of the kit's event tables (outbox, processed_events). Raw SQL throughout: the relay
// and the consumer are the hottest paths of every service, and FOR UPDATE SKIP LOCKED, NOTIFY and
// ON CONFLICT DO NOTHING RETURNING are what TypeORM's API cannot write.

export interface OutboxRow {
  id: string;
  type: string;
  payload: unknown;
  created_at: Date;
  traceparent: string | null;
}

export async function insertOutboxRow(
  manager: EntityManager,
  row: { id: string; type: string; payload: unknown; traceparent: string | null },
): Promise<void> {
  const schema = schemaOf(manager.dataSource);
  // raw SQL: the event row, then NOTIFY, which is delivered only at commit, so the relay wakes
  // exactly when the row becomes visible.
  await manager.query(
    `INSERT INTO "${schema}"."outbox" ("id", "type", "payload", "traceparent")
       VALUES ($1, $2, $3, $4)`,
    [row.id, row.type, JSON.stringify(row.payload), row.traceparent],
  );
  await manager.query('SELECT pg_notify($1, $2)', [outboxChannel(schema), row.id]);
}

// The oldest unpublished rows, locked for this transaction; other relays skip them.
export function claimUnpublished(manager: EntityManager, limit: number): Promise<OutboxRow[]> {
  const schema = schemaOf(manager.dataSource);
  // raw SQL: FOR UPDATE SKIP LOCKED lets replicas relay side by side.
  return manager.query(
    `SELECT "id", "type", "payload", "created_at", "traceparent" FROM "${schema}"."outbox"
      WHERE "published_at" IS NULL ORDER BY "seq" LIMIT $1 FOR UPDATE SKIP LOCKED`,
    [limit],
  );
}

export async function markPublished(manager: EntityManager, ids: string[]): Promise<void> {
  const schema = schemaOf(manager.dataSource);
  // raw SQL: one statement for the whole batch.
  await manager.query(
    `UPDATE "${schema}"."outbox" SET "published_at" = now() WHERE "id" = ANY($1::uuid[])`,
    [ids],
  );
}

// Records an event as processed; false when it already was (a redelivery).
export async function markProcessed(
  manager: EntityManager,
  event: { id: string; type: string },
): Promise<boolean> {
  const schema = schemaOf(manager.dataSource);
  // raw SQL: a concurrent duplicate waits here on the key, then sees the conflict and skips.
  const inserted: unknown[] = await manager.query(
    `INSERT INTO "${schema}"."processed_events" ("event_id", "type") VALUES ($1, $2)
       ON CONFLICT ("event_id") DO NOTHING RETURNING "event_id"`,
    [event.id, event.type],
  );
  return inserted.length > 0;
}

// The relay's backlog, for the metrics.
export async function outboxBacklog(
  dataSource: DataSource,
): Promise<{ pending: number; oldest: number }> {
  // raw SQL: count and age in one statement on every scrape.
  const [row] = (await dataSource.query(
    `SELECT count(*)::int AS pending,
            COALESCE(EXTRACT(EPOCH FROM now() - min("created_at")), 0)::float AS oldest
       FROM "${schemaOf(dataSource)}"."outbox" WHERE "published_at" IS NULL`,
  )) as Array<{ pending: number; oldest: number }>;
  return row!;
}

// A connection of its own for LISTEN (a pooled connection cannot hold one); the relay handles its
// 'notification' and 'error' events and ends it.
export type OutboxListener = Client;

export function outboxListenerClient(url: string): OutboxListener {
  return new Client({ connectionString: url });
}

export async function listenForOutbox(client: OutboxListener, schema: string): Promise<void> {
  await client.connect();
  // raw SQL: LISTEN has no TypeORM API.
  await client.query(`LISTEN "${outboxChannel(schema)}"`);
}
