import { Injectable } from '@nestjs/common';
import { ThrottlerGuard, type ThrottlerRequest } from '@nestjs/throttler';

interface Window {
  limit: number;
  windowSeconds: number;
  remaining: number;
  resetSeconds: number;
}

const WINDOWS = Symbol('rate-limit windows');
type WithWindows = Record<string | symbol, unknown> & { [WINDOWS]?: Window[] };

// @nestjs/throttler's guard with one set of headers however many windows apply (issue 29), in
// the IETF draft's (draft-ietf-httpapi-ratelimit-headers-06) form instead of the library's
// X-RateLimit-*-<name>: RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset describe the
// window closest to refusing, RateLimit-Policy lists every window ("120;w=60, 500;w=86400").
// A refusal adds Retry-After, the same number as RateLimit-Reset.
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  protected override async handleRequest(props: ThrottlerRequest): Promise<boolean> {
    const { context, limit, ttl, throttler, blockDuration, getTracker, generateKey } = props;
    const { req, res } = this.getRequestResponse(context);
    const name = throttler.name ?? 'default';
    const tracker = await getTracker(req, context);
    const key = generateKey(context, tracker, name);
    const hit = await this.storageService.increment(key, ttl, limit, blockDuration, name);
    const windows = ((req as WithWindows)[WINDOWS] ??= []);
    windows.push({
      limit,
      windowSeconds: Math.round(ttl / 1000),
      remaining: hit.isBlocked ? 0 : Math.max(0, limit - hit.totalHits),
      resetSeconds: hit.isBlocked ? hit.timeToBlockExpire : hit.timeToExpire,
    });
    this.setHeaders(res, windows);
    if (hit.isBlocked) {
      this.setResponseHeader(res, 'Retry-After', hit.timeToBlockExpire);
      await this.throwThrottlingException(context, { ...hit, limit, ttl, key, tracker });
    }
    return true;
  }

  private setHeaders(res: Record<string, unknown>, windows: Window[]): void {
    // The closest to refusing: fewest left, then the longest to wait.
    const [closest] = [...windows].sort(
      (a, b) => a.remaining - b.remaining || b.resetSeconds - a.resetSeconds,
    );
    this.setResponseHeader(res, 'RateLimit-Limit', closest.limit);
    this.setResponseHeader(res, 'RateLimit-Remaining', closest.remaining);
    this.setResponseHeader(res, 'RateLimit-Reset', closest.resetSeconds);
    this.setResponseHeader(
      res,
      'RateLimit-Policy',
      windows.map((w) => `${w.limit};w=${w.windowSeconds}`).join(', '),
    );
  }
}
