import { randomUUID } from 'node:crypto';
import type { Queue } from 'bullmq';
import type { DataSource } from 'typeorm';
import type {
  DomainEvent,
  EventPayloadInput,
  EventType,
  UserReplicaPayload,
} from '@district/contracts';
import type { Identity } from '../identity/identity.types';
import { identityHeader } from './test-identity';

// What integration tests share to drive one service on its own port the way the gateway and the
// other services would: HTTP calls with a forwarded identity, and events on its queue.

export type Caller = Partial<Identity> & { id: number };

export interface ApiResponse<T> {
  status: number;
  body: T;
  text: string;
  contentType: string;
  headers: Headers;
}

export interface RequestOptions {
  // Acts as the gateway: signs an identity token for this caller. Omit for a signed-out call.
  as?: Caller;
  json?: unknown;
  // Raw body: text (e.g. malformed JSON) is sent as application/json unless headers say
  // otherwise; a form goes as multipart (an upload).
  body?: string | FormData;
  headers?: Record<string, string>;
  // 'manual' to see a redirect answer itself instead of following it.
  redirect?: 'follow' | 'manual';
}

// One call; a JSON answer is parsed into `body`, anything else is left as text.
export async function callService<T>(
  baseUrl: string,
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.as) Object.assign(headers, identityHeader(options.as));
  const body = options.json !== undefined ? JSON.stringify(options.json) : options.body;
  if (typeof body === 'string') headers['content-type'] ??= 'application/json';
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    body,
    redirect: options.redirect,
  });
  const text = await response.text();
  const contentType = response.headers.get('content-type') ?? '';
  const parsed: unknown =
    contentType.includes('application/json') && text ? JSON.parse(text) : text;
  return {
    status: response.status,
    body: parsed as T,
    text,
    contentType,
    headers: response.headers,
  };
}

export interface EnqueueOptions {
  occurredAt?: Date;
  // Reuse an event id (a redelivery); the BullMQ job id then differs so Redis accepts it again.
  eventId?: string;
}

// An event on a consumer's queue, as the producing service's outbox relay puts it there.
export async function enqueueEvent<T extends EventType>(
  queue: Queue,
  type: T,
  payload: EventPayloadInput<T>,
  options: EnqueueOptions = {},
): Promise<string> {
  const id = options.eventId ?? randomUUID();
  const occurredAt = (options.occurredAt ?? new Date()).toISOString();
  const event = { id, type, payload, occurredAt } as DomainEvent;
  await queue.add(type, event, {
    jobId: options.eventId ? `${id}-again-${randomUUID()}` : id,
  });
  return id;
}

// Whether the service's idempotent consumer has recorded the event as handled.
export async function eventProcessed(db: DataSource, eventId: string): Promise<boolean> {
  const rows = (await db.query(`SELECT 1 FROM "processed_events" WHERE "event_id" = $1`, [
    eventId,
  ])) as unknown[];
  return rows.length > 0;
}

// A user.registered payload: a plain student of one school unless the test says otherwise.
export function replicaUser(
  user: Partial<UserReplicaPayload> & { id: number },
): UserReplicaPayload {
  return {
    name: `Student ${user.id}`,
    school: 'Jesuit High School',
    grade: 10,
    avatarUrl: null,
    isAdmin: false,
    isSupervisor: false,
    directoryVisible: true,
    language: 'en',
    active: true,
    restricted: false,
    ...user,
  };
}
