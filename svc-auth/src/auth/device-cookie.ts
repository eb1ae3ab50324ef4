import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SERVICE_CONFIG } from '@district/service-kit';
import { isSecurePublicUrl, type AuthConfig } from '../auth.config';

export const DEVICE_COOKIE_NAME = 'login_device';
const DEVICE_COOKIE_PATH = '/api/login';
const DEVICE_TTL_SECONDS = 180 * 24 * 60 * 60;

interface DeviceClaims {
  // Lower-cased username the browser signed in as.
  u: string;
  // Random device id: the key of its own failure counter.
  d: string;
  // Issued at, seconds.
  t: number;
}

// "This browser signed in to this account before" (issue 15.6): a cookie signed by svc-auth,
// set on each successful login, sent only to POST /api/login. It lets the owner through while an
// attacker is being slowed down on the username. Not a session: it grants nothing by itself.
@Injectable()
export class DeviceCookie {
  private readonly key: Buffer;
  private readonly secure: boolean;

  constructor(@Inject(SERVICE_CONFIG) config: AuthConfig) {
    // A key of its own, derived from the identity secret, so a token of one kind never passes as
    // the other.
    this.key = createHmac('sha256', config.IDENTITY_SECRET)
      .update('svc-auth login device v1')
      .digest();
    this.secure = isSecurePublicUrl(config);
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }

  issue(username: string, now = Date.now()): string {
    const claims: DeviceClaims = {
      u: username.toLowerCase(),
      d: randomBytes(16).toString('base64url'),
      t: Math.floor(now / 1000),
    };
    const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return `${payload}.${this.sign(payload)}`;
  }

  // The device id when `token` is ours, unexpired and was issued to `username`.
  verify(token: unknown, username: string, now = Date.now()): string | undefined {
    if (typeof token !== 'string' || token.length > 512) return undefined;
    const [payload, signature, extra] = token.split('.');
    if (!payload || !signature || extra !== undefined) return undefined;
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    try {
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as DeviceClaims;
      if (claims.u !== username.toLowerCase() || typeof claims.d !== 'string') return undefined;
      if (!(claims.t * 1000 + DEVICE_TTL_SECONDS * 1000 > now)) return undefined;
      return claims.d;
    } catch {
      return undefined;
    }
  }

  read(request: FastifyRequest, username: string): string | undefined {
    return this.verify(request.cookies?.[DEVICE_COOKIE_NAME], username);
  }

  set(reply: FastifyReply, username: string): void {
    reply.setCookie(DEVICE_COOKIE_NAME, this.issue(username), {
      httpOnly: true,
      sameSite: 'lax',
      path: DEVICE_COOKIE_PATH,
      secure: this.secure,
      maxAge: DEVICE_TTL_SECONDS,
    });
  }
}
