import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { schemaOf } from '../database/create-data-source';
import type { EventPayloadInput, EventType } from '@district/contracts';
import { parseEventPayload } from './event-routing';
import { outboxChannel } from './event-envelope';
import { currentTraceparent } from '../tracing/trace-context';

// Writes an event inside the caller's transaction; it leaves the service only if that commits.
export async function addOutboxEvent<T extends EventType>(
  manager: EntityManager,
  type: T,
  payload: EventPayloadInput<T>,
): Promise<string> {
  if (!manager.queryRunner?.isTransactionActive) {
    throw new Error(
      `Outbox event "${type}" must be written inside a transaction (use withTransaction)`,
    );
  }
  // A payload that breaks the contract fails the writer's transaction, not a consumer later.
  const checked = parseEventPayload(type, payload);
  const schema = schemaOf(manager.dataSource);
  const id = randomUUID();
  await manager.query(
    `INSERT INTO "${schema}"."outbox" ("id", "type", "payload", "traceparent")
       VALUES ($1, $2, $3, $4)`,
    [id, type, JSON.stringify(checked), currentTraceparent() ?? null],
  );
  // NOTIFY is delivered only at commit, so the relay wakes exactly when the row becomes visible.
  await manager.query('SELECT pg_notify($1, $2)', [outboxChannel(schema), id]);
  return id;
}

@Injectable()
export class OutboxService {
  add<T extends EventType>(
    manager: EntityManager,
    type: T,
    payload: EventPayloadInput<T>,
  ): Promise<string> {
    return addOutboxEvent(manager, type, payload);
  }
}
