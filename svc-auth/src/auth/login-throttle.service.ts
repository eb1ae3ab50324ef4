import type { Redis } from 'ioredis';

export interface ThrottleLimits {
  perUsername: number;
  perIp: number;
  windowSeconds: number;
}

// Failures per 15 minutes: a student mistyping ten times is rare; fifty from one address is a script
// (a school shares one public IP, so the IP limit is the looser one).
export const DEFAULT_LOGIN_LIMITS: ThrottleLimits = {
  perUsername: 10,
  perIp: 50,
  windowSeconds: 15 * 60,
};

export interface ThrottleVerdict {
  blocked: boolean;
  retryAfterSeconds: number;
}

// Fixed-window failure counters in Redis, shared by every replica of svc-auth.
export class LoginThrottle {
  private readonly redis: Redis;
  private readonly prefix: string;
  readonly limits: ThrottleLimits;

  constructor(redis: Redis, prefix: string, limits: ThrottleLimits = DEFAULT_LOGIN_LIMITS) {
    this.redis = redis;
    this.prefix = prefix;
    this.limits = limits;
  }

  private userKey(username: string): string {
    return `${this.prefix}:login-fail:user:${username.toLowerCase()}`;
  }

  private ipKey(ip: string): string {
    return `${this.prefix}:login-fail:ip:${ip}`;
  }

  async check(ip: string, username: string): Promise<ThrottleVerdict> {
    const userKey = this.userKey(username);
    const ipKey = this.ipKey(ip);
    const results =
      (await this.redis.pipeline().get(userKey).pttl(userKey).get(ipKey).pttl(ipKey).exec()) ?? [];
    const [userCount, userTtl, ipCount, ipTtl] = results.map(([, value]) => value) as [
      string | null,
      number,
      string | null,
      number,
    ];
    const waits: number[] = [];
    if (Number(userCount ?? 0) >= this.limits.perUsername) waits.push(userTtl);
    if (Number(ipCount ?? 0) >= this.limits.perIp) waits.push(ipTtl);
    if (waits.length === 0) return { blocked: false, retryAfterSeconds: 0 };
    const ms = Math.max(...waits.map((t) => (t > 0 ? t : this.limits.windowSeconds * 1000)));
    return { blocked: true, retryAfterSeconds: Math.max(1, Math.ceil(ms / 1000)) };
  }

  async recordFailure(ip: string, username: string): Promise<void> {
    const window = this.limits.windowSeconds;
    await this.redis
      .multi()
      .incr(this.userKey(username))
      .expire(this.userKey(username), window, 'NX')
      .incr(this.ipKey(ip))
      .expire(this.ipKey(ip), window, 'NX')
      .exec();
  }

  // A correct password clears the per-username count; the per-IP count keeps running.
  async recordSuccess(username: string): Promise<void> {
    await this.redis.del(this.userKey(username));
  }
}

export function throttleMessage(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  const wait = minutes <= 1 ? 'a minute' : `${minutes} minutes`;
  return `Too many failed login attempts. Please try again in ${wait}.`;
}
