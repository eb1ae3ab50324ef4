import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';

export const SESSION_TTL_SECONDS = 14 * 24 * 60 * 60;
// Refreshing the TTL is a write; once a minute per session is plenty for a 14-day window.
const REFRESH_AFTER_MS = 60_000;
// 32 random bytes in base64url, without padding.
const SID_PATTERN = /^[A-Za-z0-9_-]{43}$/;

// Deletes every session of one user and the user's index set in one atomic step, so a login that
// races a password reset cannot slip between "list" and "delete".
const REVOKE_ALL_SCRIPT = `
local sids = redis.call('SMEMBERS', KEYS[1])
for _, sid in ipairs(sids) do redis.call('DEL', ARGV[1] .. sid) end
redis.call('DEL', KEYS[1])
return #sids`;

export interface ResolvedSession {
  userId: number;
  // True when this call pushed the expiry forward (the caller may re-send the cookie then).
  refreshed: boolean;
}

// Server-side sessions (docs/architecture.md "Identity"): `<prefix>:sess:<sid>` → {"userId":n}
// with a TTL, and `<prefix>:user-sess:<userId>` listing a user's sids for revocation.
export class SessionStore {
  private readonly redis: Redis;
  private readonly prefix: string;

  constructor(redis: Redis, prefix: string) {
    this.redis = redis;
    this.prefix = prefix;
  }

  private sessionKey(sid: string): string {
    return `${this.prefix}:sess:${sid}`;
  }

  private userKey(userId: number): string {
    return `${this.prefix}:user-sess:${userId}`;
  }

  static isWellFormed(sid: unknown): sid is string {
    return typeof sid === 'string' && SID_PATTERN.test(sid);
  }

  async create(userId: number): Promise<string> {
    const sid = randomBytes(32).toString('base64url');
    await this.redis
      .multi()
      .set(this.sessionKey(sid), JSON.stringify({ userId }), 'EX', SESSION_TTL_SECONDS)
      .sadd(this.userKey(userId), sid)
      // The newest session always has the longest life, so the index simply follows it.
      .expire(this.userKey(userId), SESSION_TTL_SECONDS)
      .exec();
    return sid;
  }

  // One round trip: the shared client pipelines GET and PTTL automatically, together with the
  // commands of every other request of this event-loop turn. The refresh, when due, is not awaited.
  async resolve(sid: unknown): Promise<ResolvedSession | null> {
    if (!SessionStore.isWellFormed(sid)) return null;
    const key = this.sessionKey(sid);
    const [raw, pttl] = await Promise.all([this.redis.get(key), this.redis.pttl(key)]);
    const userId = parseUserId(raw);
    if (userId === null) return null;
    const age = SESSION_TTL_SECONDS * 1000 - (typeof pttl === 'number' ? pttl : 0);
    if (typeof pttl === 'number' && pttl > 0 && age < REFRESH_AFTER_MS)
      return { userId, refreshed: false };
    void this.redis
      .multi()
      .expire(key, SESSION_TTL_SECONDS)
      .expire(this.userKey(userId), SESSION_TTL_SECONDS)
      .exec()
      .catch(() => undefined);
    return { userId, refreshed: true };
  }

  async destroy(sid: unknown): Promise<void> {
    if (!SessionStore.isWellFormed(sid)) return;
    const key = this.sessionKey(sid);
    const userId = parseUserId(await this.redis.get(key));
    const tx = this.redis.multi().del(key);
    if (userId !== null) tx.srem(this.userKey(userId), sid);
    await tx.exec();
  }

  async destroyAllForUser(userId: number): Promise<number> {
    const removed = await this.redis.eval(
      REVOKE_ALL_SCRIPT,
      1,
      this.userKey(userId),
      `${this.prefix}:sess:`,
    );
    return Number(removed);
  }
}

function parseUserId(raw: string | null): number | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as { userId?: unknown };
    return Number.isSafeInteger(value.userId) && (value.userId as number) > 0
      ? (value.userId as number)
      : null;
  } catch {
    return null;
  }
}
