import type { Redis } from 'ioredis';

// Failed logins slow down the one who fails, never the account's owner (issue 15.6):
// - per (username, client address): the first `free` failures cost nothing, then each further
//   attempt must wait 1 s, 2 s, 4 s, … up to `maxDelaySeconds` after the previous failure;
// - per client address, across usernames: the same, with a looser threshold (a school shares one
//   public address);
// - a browser that signed in to this account before (signed device cookie) is counted on its own
//   device counter instead, so an attacker hammering the username from anywhere, even from the
//   owner's own address, does not keep the owner out.
// There is no per-username lockout: it would hand anyone a way to lock any account.
export interface CounterLimit {
  // Failures allowed before any delay.
  free: number;
  maxDelaySeconds: number;
}

export interface ThrottleLimits {
  perUsernameAndIp: CounterLimit;
  perIp: CounterLimit;
  perDevice: CounterLimit;
  // A counter is forgotten this long after its last failure.
  windowSeconds: number;
}

export const DEFAULT_LOGIN_LIMITS: ThrottleLimits = {
  perUsernameAndIp: { free: 5, maxDelaySeconds: 15 * 60 },
  perIp: { free: 50, maxDelaySeconds: 15 * 60 },
  perDevice: { free: 5, maxDelaySeconds: 15 * 60 },
  windowSeconds: 15 * 60,
};

// Delay owed after `failures` failures: 0 up to `free`, then 1 s doubling, capped.
export function delaySeconds(failures: number, limit: CounterLimit): number {
  if (failures < limit.free) return 0;
  return Math.min(2 ** (failures - limit.free), limit.maxDelaySeconds);
}

export interface LoginAttempt {
  ip: string;
  username: string;
  // Id of a valid device cookie issued to this username, when the browser sent one.
  device?: string;
}

export interface ThrottleVerdict {
  blocked: boolean;
  retryAfterSeconds: number;
}

// KEYS: counters (hashes {n, last}); ARGV: now (ms), then free and max delay (ms) per key.
// Returns the milliseconds still to wait, or 0. When the attempt may go ahead, counters already
// past their free failures are stamped "now", so a parallel burst gets one attempt per delay, not
// one per request.
const CHECK_SCRIPT = `
local now = tonumber(ARGV[1])
local wait = 0
local slowed = {}
for i, key in ipairs(KEYS) do
  local state = redis.call('HMGET', key, 'n', 'last')
  local n = tonumber(state[1]) or 0
  local last = tonumber(state[2]) or 0
  local free = tonumber(ARGV[i * 2])
  local cap = tonumber(ARGV[i * 2 + 1])
  if n >= free then
    local delay = math.min(1000 * 2 ^ (n - free), cap)
    local left = last + delay - now
    if left > wait then wait = left end
    slowed[#slowed + 1] = key
  end
end
if wait > 0 then return math.ceil(wait) end
for _, key in ipairs(slowed) do redis.call('HSET', key, 'last', now) end
return 0`;

// Counters in Redis, shared by every replica of svc-auth.
export class LoginThrottle {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    readonly limits: ThrottleLimits = DEFAULT_LOGIN_LIMITS,
  ) {}

  private key(kind: 'pair' | 'ip' | 'device', ...parts: string[]): string {
    return `${this.prefix}:login-fail:${kind}:${parts.join(':')}`;
  }

  // The counters that decide this attempt: the device's own when the browser is known to this
  // account, otherwise the (username, address) pair and the address.
  private counters(attempt: LoginAttempt): Array<[string, CounterLimit]> {
    if (attempt.device) return [[this.key('device', attempt.device), this.limits.perDevice]];
    return [
      [this.key('pair', attempt.username.toLowerCase(), attempt.ip), this.limits.perUsernameAndIp],
      [this.key('ip', attempt.ip), this.limits.perIp],
    ];
  }

  async check(attempt: LoginAttempt): Promise<ThrottleVerdict> {
    const counters = this.counters(attempt);
    const args = counters.flatMap(([, limit]) => [limit.free, limit.maxDelaySeconds * 1000]);
    const waitMs = Number(
      await this.redis.eval(
        CHECK_SCRIPT,
        counters.length,
        ...counters.map(([key]) => key),
        Date.now(),
        ...args,
      ),
    );
    if (waitMs <= 0) return { blocked: false, retryAfterSeconds: 0 };
    return { blocked: true, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
  }

  // Every failure counts on the pair and the address, and on the device when there is one.
  async recordFailure(attempt: LoginAttempt): Promise<void> {
    const keys = [
      this.key('pair', attempt.username.toLowerCase(), attempt.ip),
      this.key('ip', attempt.ip),
    ];
    if (attempt.device) keys.push(this.key('device', attempt.device));
    const tx = this.redis.multi();
    const now = Date.now();
    for (const key of keys) {
      tx.hincrby(key, 'n', 1).hset(key, 'last', now).expire(key, this.limits.windowSeconds);
    }
    await execOrThrow(tx.exec());
  }

  // The right password clears the pair and the device; the address keeps counting.
  async recordSuccess(attempt: LoginAttempt): Promise<void> {
    const keys = [this.key('pair', attempt.username.toLowerCase(), attempt.ip)];
    if (attempt.device) keys.push(this.key('device', attempt.device));
    await this.redis.del(...keys);
  }
}

// ioredis resolves a MULTI with per-command errors; a failed write must not pass silently.
async function execOrThrow(pending: Promise<Array<[Error | null, unknown]> | null>): Promise<void> {
  const results = await pending;
  const failed = results?.find(([error]) => error);
  if (failed?.[0]) throw failed[0];
}

export function throttleMessage(retryAfterSeconds: number): string {
  if (retryAfterSeconds < 60) {
    const wait = retryAfterSeconds <= 1 ? 'a second' : `${retryAfterSeconds} seconds`;
    return `Too many failed login attempts. Please try again in ${wait}.`;
  }
  const minutes = Math.ceil(retryAfterSeconds / 60);
  const wait = minutes <= 1 ? 'a minute' : `${minutes} minutes`;
  return `Too many failed login attempts. Please try again in ${wait}.`;
}
