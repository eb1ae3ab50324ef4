import { ServiceUnavailableException } from '@nestjs/common';
import { API_MESSAGES } from '@district/contracts';

// Seconds a client should wait before retrying when PostgreSQL or Redis is unreachable: reconnects
// are attempted well within that, so the next try usually succeeds.
export const RETRY_AFTER_SECONDS = 5;

// Socket-level failures (node, pg, ioredis) and PostgreSQL's own "not now" codes: class 08
// (connection exception), 57P01–57P03 (shutting down, crashed, starting up), 53300 (too many
// connections).
const OUTAGE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);

// What pg and ioredis say when the server went away or never answered.
const OUTAGE_MESSAGES = [
  // pg
  /Connection terminated/i,
  /not queryable/i,
  /timeout exceeded when trying to connect/i,
  /the database system is (starting up|shutting down|in recovery mode)/i,
  // ioredis
  /Connection is closed/i,
  /enableOfflineQueue options is false/i,
  /Command timed out/i,
  /max retries per request/i,
  /Socket closed unexpectedly/i,
];

// TypeORM releases a transaction's query runner when its connection reports an error (PostgreSQL
// shut down while the transaction sat between two statements); the next statement then throws
// QueryRunnerAlreadyReleasedError, not the socket's error. Our code never uses a runner after
// releasing it itself, so this only ever means the database went away mid-transaction.
const OUTAGE_NAMES = new Set(['MaxRetriesPerRequestError', 'QueryRunnerAlreadyReleasedError']);

// True when `error` (or what it wraps: TypeORM's driverError, a cause, an AggregateError's list)
// says a dependency is unreachable rather than that our code or the request is wrong.
export function isDependencyOutage(error: unknown, depth = 0): boolean {
  if (depth > 4 || !error || typeof error !== 'object') return false;
  const e = error as {
    code?: unknown;
    name?: unknown;
    message?: unknown;
    driverError?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof e.code === 'string' && (OUTAGE_CODES.has(e.code) || /^08[0-9A-Z]{3}$/.test(e.code)))
    return true;
  if (typeof e.name === 'string' && OUTAGE_NAMES.has(e.name)) return true;
  if (typeof e.message === 'string' && OUTAGE_MESSAGES.some((re) => re.test(e.message as string)))
    return true;
  if (isDependencyOutage(e.driverError, depth + 1) || isDependencyOutage(e.cause, depth + 1))
    return true;
  return Array.isArray(e.errors) && e.errors.some((inner) => isDependencyOutage(inner, depth + 1));
}

// For code that notices an outage itself (e.g. a queue whose connection is down).
export function dependencyUnavailable(): ServiceUnavailableException {
  return new ServiceUnavailableException(API_MESSAGES.serviceUnavailable);
}
