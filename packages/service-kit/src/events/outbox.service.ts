import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { EventPayloadInput, EventType } from '@district/contracts';
import { parseEventPayload } from './event-routing';
import { insertOutboxRow } from './outbox.repository';
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
  const id = randomUUID();
  await insertOutboxRow(manager, {
    id,
    type,
    payload: checked,
    traceparent: currentTraceparent() ?? null,
  });
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
