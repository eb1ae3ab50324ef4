import type { Redis } from 'ioredis';
import { API_MESSAGES } from '@district/contracts';
import { SchoolNetworks } from '../rate-limit/school-networks';

// Failed logins slow down the one who fails, never the account's owner (issue 15.6), and never
// a whole school behind one public address (issue 29):
// - per (account, client address): the first `free` failures cost nothing, then each further
//   attempt must wait 1 s, 2 s, 4 s, … up to `maxDelaySeconds` after the previous failure;
// - per account, from any address: the same with a looser threshold, so guessing one password
//   from many addresses is slowed too;
// - per client address, across accounts: a ceiling sized for a school of 2,000 that drains as
//   time passes (a school's typos over a day never add up), so one address spraying a password
//   over many accounts is slowed. Addresses in SCHOOL_NETWORKS are exempt from it;
// - a browser that signed in to this account before (signed device cookie) is counted on its own
//   device counter instead of all of these, so an attacker hammering the username from anywhere,
//   even from the owner's own address, does not keep the owner out.
// There is no lockout: it would hand anyone a way to lock any account.
export interface CounterLimit {
  // Failures allowed before any delay.
  free: number;
  maxDelaySeconds: number;
  // Failures forgiven per minute (0: the counter only expires `windowSeconds` after its last failure).
  drainPerMinute?: number;
}

export interface ThrottleLimits {
  perUsernameAndIp: CounterLimit;
  perUsername: CounterLimit;
  perIp: CounterLimit;
  perDevice: CounterLimit;
  // A counter is forgotten this long after its last failure.
  windowSeconds: number;
}

export const DEFAULT_LOGIN_LIMITS: ThrottleLimits = {
  perUsernameAndIp: { free: 5, maxDelaySeconds: 15 * 60 },
  // Four addresses' worth of free guesses on one account before it is slowed for browsers that
  // never signed in to it.
  perUsername: { free: 20, maxDelaySeconds: 15 * 60 },
  // A school of 2,000 signing in together, ~15 % of them mistyping: 300 failures in a few
  // minutes, and 30 a minute more after that, before the address is slowed.
  perIp: { free: 300, maxDelaySeconds: 15 * 60, drainPerMinute: 30 },
  perDevice: { free: 5, maxDelaySeconds: 15 * 60 },
  windowSeconds: 15 * 60,
};

// Failures still counted after `elapsedMs` of draining (the same arithmetic as the scripts below).
export function drained(failures: number, limit: CounterLimit, elapsedMs: number): number {
  const drain = ((limit.drainPerMinute ?? 0) * Math.max(0, elapsedMs)) / 60_000;
  return Math.max(0, failures - drain);
}

// Delay owed after `failures` failures: 0 up to `free`, then 1 s doubling, capped.
export function delaySeconds(failures: number, limit: CounterLimit): number {
  if (failures < limit.free) return 0;
  return Math.min(2 ** (Math.floor(failures) - limit.free), limit.maxDelaySeconds);
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

export type CounterKind = 'pair' | 'account' | 'ip' | 'device';

// A counter's hash: n (failures, fractional while draining), t (when n was last brought up to
// date, ms), last (the last failure or admitted slowed attempt, ms). Shared by both scripts:
// ARGV[1] is now; per key i, ARGV[1 + 3i - 2 .. 1 + 3i] are free, cap (ms) and drain per minute.
const READ_COUNTER = `
local function counted(key, now, drain)
  local state = redis.call('HMGET', key, 'n', 't', 'last')
  local n = tonumber(state[1]) or 0
  local t = tonumber(state[2]) or now
  local last = tonumber(state[3]) or 0
  if drain > 0 then n = math.max(0, n - drain * math.max(0, now - t) / 60000) end
  return n, last
end`;

// Returns the milliseconds still to wait, or 0. When the attempt may go ahead, counters already
// past their free failures are stamped "now", so a parallel burst gets one attempt per delay, not
// one per request.
const CHECK_SCRIPT = `${READ_COUNTER}
local now = tonumber(ARGV[1])
local wait = 0
local slowed = {}
for i, key in ipairs(KEYS) do
  local free = tonumber(ARGV[i * 3 - 1])
  local cap = tonumber(ARGV[i * 3])
  local n, last = counted(key, now, tonumber(ARGV[i * 3 + 1]))
  if n >= free then
    local delay = math.min(1000 * 2 ^ (math.floor(n) - free), cap)
    local left = last + delay - now
    if left > wait then wait = left end
    slowed[#slowed + 1] = key
  end
end
if wait > 0 then return math.ceil(wait) end
for _, key in ipairs(slowed) do redis.call('HSET', key, 'last', now) end
return 0`;

// One more failure on each counter (drained first), forgotten ARGV[#ARGV] seconds after it.
const FAILURE_SCRIPT = `${READ_COUNTER}
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[#ARGV])
for i, key in ipairs(KEYS) do
  local n = counted(key, now, tonumber(ARGV[i * 3 + 1]))
  redis.call('HSET', key, 'n', tostring(n + 1), 't', now, 'last', now)
  redis.call('EXPIRE', key, window)
end
return 0`;

export interface LoginThrottleOptions {
  limits?: ThrottleLimits;
  schoolNetworks?: SchoolNetworks;
  // Milliseconds since the epoch; tests move it instead of sleeping.
  clock?: () => number;
}

// Counters in Redis, shared by every replica of svc-auth.
export class LoginThrottle {
  readonly limits: ThrottleLimits;
  private readonly schoolNetworks: SchoolNetworks;
  private readonly clock: () => number;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    options: LoginThrottleOptions = {},
  ) {
    this.limits = options.limits ?? DEFAULT_LOGIN_LIMITS;
    this.schoolNetworks = options.schoolNetworks ?? new SchoolNetworks();
    this.clock = options.clock ?? Date.now;
  }

  private key(kind: CounterKind, ...parts: string[]): string {
    return `${this.prefix}:login-fail:${kind}:${parts.join(':')}`;
  }

  private counter(kind: CounterKind, attempt: LoginAttempt): [string, CounterLimit] {
    const username = attempt.username.toLowerCase();
    switch (kind) {
      case 'pair':
        return [this.key('pair', username, attempt.ip), this.limits.perUsernameAndIp];
      case 'account':
        return [this.key('account', username), this.limits.perUsername];
      case 'ip':
        return [this.key('ip', attempt.ip), this.limits.perIp];
      case 'device':
        return [this.key('device', attempt.device ?? ''), this.limits.perDevice];
    }
  }

  // The counters that decide this attempt: the device's own when the browser is known to this
  // account; otherwise the (account, address) pair, the account, and the address unless it is
  // one of the district's school networks.
  decidingCounters(attempt: LoginAttempt): CounterKind[] {
    if (attempt.device) return ['device'];
    return this.schoolNetworks.has(attempt.ip) ? ['pair', 'account'] : ['pair', 'account', 'ip'];
  }

  // Every failure counts on the pair, the account and the address (outside school networks), and
  // on the device when there is one.
  countedCounters(attempt: LoginAttempt): CounterKind[] {
    const kinds: CounterKind[] = ['pair', 'account'];
    if (!this.schoolNetworks.has(attempt.ip)) kinds.push('ip');
    if (attempt.device) kinds.push('device');
    return kinds;
  }

  private scriptArgs(kinds: CounterKind[], attempt: LoginAttempt): Array<string | number> {
    const counters = kinds.map((kind) => this.counter(kind, attempt));
    return [
      counters.length,
      ...counters.map(([key]) => key),
      this.clock(),
      ...counters.flatMap(([, limit]) => [
        limit.free,
        limit.maxDelaySeconds * 1000,
        limit.drainPerMinute ?? 0,
      ]),
    ];
  }

  async check(attempt: LoginAttempt): Promise<ThrottleVerdict> {
    const [count, ...rest] = this.scriptArgs(this.decidingCounters(attempt), attempt);
    const waitMs = Number(await this.redis.eval(CHECK_SCRIPT, count, ...rest));
    if (waitMs <= 0) return { blocked: false, retryAfterSeconds: 0 };
    return { blocked: true, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
  }

  async recordFailure(attempt: LoginAttempt): Promise<void> {
    const [count, ...rest] = this.scriptArgs(this.countedCounters(attempt), attempt);
    await this.redis.eval(FAILURE_SCRIPT, count, ...rest, this.limits.windowSeconds);
  }

  // The right password clears the counter that decided the attempt: the device's for a known
  // browser, else the (account, address) pair. A known browser leaves the pair alone: a guesser
  // at the owner's address (a classmate) must not get fresh free guesses because the owner signed
  // in. The address keeps counting, and so does the account: the owner signing in says nothing
  // about guesses from elsewhere.
  async recordSuccess(attempt: LoginAttempt): Promise<void> {
    await this.redis.del(this.counter(attempt.device ? 'device' : 'pair', attempt)[0]);
  }
}

// What a refused sign-in says: the wait in the text and in Retry-After come from the one number
// returned here. Under two minutes in seconds; from two minutes on, rounded up to whole minutes,
// and Retry-After says those same minutes in seconds.
export function throttleResponse(waitSeconds: number): {
  retryAfterSeconds: number;
  message: string;
} {
  const seconds = Math.max(1, Math.ceil(waitSeconds));
  if (seconds === 1) return { retryAfterSeconds: 1, message: API_MESSAGES.loginThrottledSecond };
  if (seconds < 120)
    return { retryAfterSeconds: seconds, message: API_MESSAGES.loginThrottledSeconds(seconds) };
  const minutes = Math.ceil(seconds / 60);
  return { retryAfterSeconds: minutes * 60, message: API_MESSAGES.loginThrottledMinutes(minutes) };
}
