// Issue 34: check-ins made without a signal wait on the phone (IndexedDB) and are sent when the
// network returns, by the page ('online', the next open) or by the service worker (Background
// Sync). Used from both: it touches no React, no store and no window-only API.
import { apiPaths, OFFLINE, type CurrentUser } from '@district/contracts';
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

export type QueuedCheckInStatus = 'pending' | 'sent' | 'refused';

export interface QueuedCheckIn {
  // The idempotency key the server stores: a retry after a lost answer, or a second tab sending
  // the same entry, counts once.
  key: string;
  userId: number;
  opportunityId: number;
  code: string;
  // When the code was scanned or typed: the server checks the code as it was then.
  scannedAt: string;
  // The language the student uses, for the server's refusal.
  language: string;
  status: QueuedCheckInStatus;
  // The server's reason, when refused.
  message?: string;
}

interface OutboxSchema extends DBSchema {
  'check-ins': { key: string; value: QueuedCheckIn; indexes: { 'by-user': number } };
}

const STORE = 'check-ins';
let opened: Promise<IDBPDatabase<OutboxSchema>> | null = null;

function database(): Promise<IDBPDatabase<OutboxSchema>> {
  opened ??= openDB<OutboxSchema>(OFFLINE.checkInDatabase, 1, {
    upgrade(db) {
      db.createObjectStore(STORE, { keyPath: 'key' }).createIndex('by-user', 'userId');
    },
  });
  return opened;
}

function announce(): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(OFFLINE.checkInChannel);
  channel.postMessage('changed');
  channel.close();
}

// Calls `listener` whenever any page or the worker changed the queue; returns the unsubscribe.
export function onQueuedCheckInsChanged(listener: () => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  const channel = new BroadcastChannel(OFFLINE.checkInChannel);
  channel.onmessage = () => listener();
  return () => channel.close();
}

export async function queueCheckIn(
  entry: Omit<QueuedCheckIn, 'key' | 'status'>,
): Promise<QueuedCheckIn> {
  const queued: QueuedCheckIn = { ...entry, key: crypto.randomUUID(), status: 'pending' };
  await (await database()).put(STORE, queued);
  announce();
  return queued;
}

// The user's entries, oldest scan first.
export async function queuedCheckIns(userId: number): Promise<QueuedCheckIn[]> {
  const entries = await (await database()).getAllFromIndex(STORE, 'by-user', userId);
  return entries.sort((a, b) => a.scannedAt.localeCompare(b.scannedAt));
}

export async function dismissQueuedCheckIn(key: string): Promise<void> {
  await (await database()).delete(STORE, key);
  announce();
}

// One sender at a time across tabs and the worker (Web Locks where the browser has them); the
// idempotency key covers the rest (an answer lost on the way back).
function exclusively<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? (locks.request(OFFLINE.checkInChannel, task) as Promise<T>) : task();
}

function refusal(body: string): string {
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    if (typeof parsed.message === 'string') return parsed.message;
  } catch {
    // Not our JSON error shape: show the text itself.
  }
  return body;
}

export interface SendResult {
  sent: number;
  refused: number;
  // Entries still waiting (no network, signed out, or the service busy): try again later.
  remaining: number;
}

// Sends the signed-in user's waiting check-ins, each once. Only that user's: a phone shared by
// two students never sends one's scan with the other's session.
export function sendQueuedCheckIns(): Promise<SendResult> {
  return exclusively(async () => {
    const result: SendResult = { sent: 0, refused: 0, remaining: 0 };
    const db = await database();
    const all = await db.getAll(STORE);
    result.remaining = all.filter((e) => e.status === 'pending').length;
    // Nothing to send, or no network to send it on (known without trying).
    if (result.remaining === 0 || (typeof navigator !== 'undefined' && !navigator.onLine))
      return result;
    let user: CurrentUser | null = null;
    try {
      const res = await fetch(apiPaths.user, { credentials: 'include', cache: 'no-store' });
      if (res.ok) user = (await res.json()) as CurrentUser;
    } catch {
      // Still offline.
    }
    const pending = all.filter((e) => e.status === 'pending' && e.userId === user?.id);
    let changed = false;
    for (const entry of pending) {
      let res: Response;
      try {
        res = await fetch(apiPaths.opportunityCheckIn(entry.opportunityId), {
          method: 'POST',
          credentials: 'include',
          headers: { 'Content-Type': 'application/json', 'Accept-Language': entry.language },
          body: JSON.stringify({
            code: entry.code,
            scannedAt: entry.scannedAt,
            idempotencyKey: entry.key,
          }),
        });
      } catch {
        break; // the network went again: the rest waits
      }
      // Signed out, too many requests or the service down: keep it for the next try.
      if (res.status === 401 || res.status === 429 || res.status >= 500) break;
      const updated: QueuedCheckIn = res.ok
        ? { ...entry, status: 'sent' }
        : { ...entry, status: 'refused', message: refusal((await res.text()).trim()) };
      await db.put(STORE, updated);
      changed = true;
      result.remaining -= 1;
      if (res.ok) result.sent += 1;
      else result.refused += 1;
    }
    if (changed) announce();
    return result;
  });
}
