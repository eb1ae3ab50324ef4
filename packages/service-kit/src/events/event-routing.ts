import {
  EVENT_CONSUMERS,
  EVENT_PAYLOAD_SCHEMAS,
  isEventType,
  type EventPayload,
  type EventType,
} from '@district/contracts';

// The routing table and payload schemas live in contracts (src/events.ts); this file adapts them.
export type EventRouting = Readonly<Record<string, readonly string[]>>;

export const DEFAULT_EVENT_ROUTING: EventRouting = EVENT_CONSUMERS;

// Validates a payload against its contract schema before it is stored or handled.
export function parseEventPayload<T extends EventType>(type: T, payload: unknown): EventPayload<T> {
  if (!isEventType(type)) throw new Error(`Unknown event type "${String(type)}"`);
  return EVENT_PAYLOAD_SCHEMAS[type].parse(payload) as EventPayload<T>;
}

// Event types routed to a consumer service.
export function eventTypesFor(
  service: string,
  routing: EventRouting = DEFAULT_EVENT_ROUTING,
): string[] {
  return Object.keys(routing).filter((type) => routing[type]?.includes(service));
}

export const eventQueueName = (service: string) => `events-${service}`;
