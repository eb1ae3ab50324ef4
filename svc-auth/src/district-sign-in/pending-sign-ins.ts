import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { REDIS, SERVICE_CONFIG, type Redis } from '@district/service-kit';
import { isSecurePublicUrl, type AuthConfig } from '../auth.config';

// Ten minutes to get through the district's login page (and, after it, to type the password).
const PENDING_TTL_SECONDS = 600;
const COOKIE_PATH = '/api/auth/district';
const ID_PATTERN = /^[A-Za-z0-9_-]{43}$/;

// What the browser's sign-in request was (PKCE verifier, state, nonce: openid-client's strategy
// keeps them "in the session"), and the page language to come back to.
export interface PendingRequest {
  oidc: Record<string, unknown>;
  language: 'en' | 'es';
}

// A district sign-in that found an account with a password: linked once its owner types it.
export interface PendingLink {
  userId: number;
  issuer: string;
  subject: string;
}

type Kind = 'request' | 'link';
const COOKIES: Record<Kind, string> = { request: 'district_sign_in', link: 'district_link' };

// Short-lived, single-use records in Redis under a random id the browser holds in an httpOnly
// cookie (SameSite=Lax: the provider's redirect back is a top-level GET, which carries it).
@Injectable()
export class PendingSignIns {
  private readonly prefix: string;
  // Cookies get the Secure flag exactly when PUBLIC_URL is https.
  readonly secure: boolean;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SERVICE_CONFIG) config: AuthConfig,
  ) {
    this.prefix = `${config.BULLMQ_PREFIX}:district-sign-in`;
    this.secure = isSecurePublicUrl(config);
  }

  async save(reply: FastifyReply, kind: Kind, value: PendingRequest | PendingLink): Promise<void> {
    const id = randomBytes(32).toString('base64url');
    await this.redis.set(this.key(kind, id), JSON.stringify(value), 'EX', PENDING_TTL_SECONDS);
    reply.setCookie(COOKIES[kind], id, {
      httpOnly: true,
      sameSite: 'lax',
      path: COOKIE_PATH,
      secure: this.secure,
      maxAge: PENDING_TTL_SECONDS,
    });
  }

  // Read without using it up (the password page shows whose account it is).
  async peek<T extends PendingRequest | PendingLink>(
    request: FastifyRequest,
    kind: Kind,
  ): Promise<T | null> {
    const id = this.idOf(request, kind);
    if (!id) return null;
    return parse<T>(await this.redis.get(this.key(kind, id)));
  }

  // Used up: the record is gone and the cookie cleared, whatever comes next.
  async take<T extends PendingRequest | PendingLink>(
    request: FastifyRequest,
    reply: FastifyReply,
    kind: Kind,
  ): Promise<T | null> {
    const id = this.idOf(request, kind);
    if (request.cookies?.[COOKIES[kind]] !== undefined)
      reply.clearCookie(COOKIES[kind], {
        path: COOKIE_PATH,
        httpOnly: true,
        sameSite: 'lax',
        secure: this.secure,
      });
    if (!id) return null;
    return parse<T>(await this.redis.getdel(this.key(kind, id)));
  }

  private idOf(request: FastifyRequest, kind: Kind): string | null {
    const id = request.cookies?.[COOKIES[kind]];
    return typeof id === 'string' && ID_PATTERN.test(id) ? id : null;
  }

  private key(kind: Kind, id: string): string {
    return `${this.prefix}:${kind}:${id}`;
  }
}

function parse<T>(raw: string | null): T | null {
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}
