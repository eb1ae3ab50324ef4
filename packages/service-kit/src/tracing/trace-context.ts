import { AsyncLocalStorage } from 'node:async_hooks';
import { randomFillSync } from 'node:crypto';

// W3C Trace Context (https://www.w3.org/TR/trace-context/) as the platform carries it: from the
// gateway's traceparent header through the service, the outbox row and the BullMQ job to the
// consumer (docs/decisions.md "Metrics and traces").
export interface TraceContext {
  traceId: string;
  // This process's span: the parent of whatever it calls or enqueues.
  spanId: string;
  flags: string;
  // The caller's span (the gateway's), when the trace came in with a traceparent.
  parentSpanId?: string;
  // The gateway's X-Request-Id; for work started by an event, the event id.
  requestId?: string;
}

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;
const ALL_ZERO = /^0+$/;

const storage = new AsyncLocalStorage<TraceContext>();

// Ids are hex from a pool of random bytes refilled 4 KB at a time, the way Node's randomUUID
// caches its entropy: crypto.randomBytes(8) on every request cost ~3 µs, most of what trace
// context added to a request (bench/observability-cost.ts).
const pool = Buffer.alloc(4096);
let used = pool.length;
function randomHex(bytes: number): string {
  if (used + bytes > pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  used += bytes;
  return pool.toString('hex', used - bytes, used);
}

export function newSpanId(): string {
  return randomHex(8);
}

// The context for work that continues `traceparent` (a new span of this process), or a new trace
// when it is absent or malformed.
export function continueTrace(traceparent: unknown, requestId?: string): TraceContext {
  const match = typeof traceparent === 'string' ? TRACEPARENT.exec(traceparent) : null;
  if (match && !ALL_ZERO.test(match[1]!) && !ALL_ZERO.test(match[2]!))
    return {
      traceId: match[1]!,
      spanId: newSpanId(),
      flags: match[3]!,
      parentSpanId: match[2]!,
      requestId,
    };
  return { traceId: randomHex(16), spanId: newSpanId(), flags: '01', requestId };
}

export function traceparentOf(context: TraceContext): string {
  return `00-${context.traceId}-${context.spanId}-${context.flags}`;
}

export function currentTrace(): TraceContext | undefined {
  return storage.getStore();
}

// The traceparent to hand on (outbox row, job, notification); undefined outside any trace.
export function currentTraceparent(): string | undefined {
  const context = storage.getStore();
  return context ? traceparentOf(context) : undefined;
}

export function runInTrace<T>(context: TraceContext, fn: () => T): T {
  return storage.run(context, fn);
}

// Fields every JSON log line carries (pino mixin): one grep by trace id follows a request.
export function traceLogFields(): { trace_id?: string; request_id?: string } {
  const context = storage.getStore();
  if (!context) return {};
  return { trace_id: context.traceId, request_id: context.requestId };
}
