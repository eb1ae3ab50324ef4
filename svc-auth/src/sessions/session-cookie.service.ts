import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE_NAME } from '@district/contracts';
import { SERVICE_CONFIG } from '@district/service-kit';
import { isSecurePublicUrl, type AuthConfig } from '../auth.config';
import { SESSION_TTL_SECONDS } from './session-store';

// The `sid` cookie of docs/architecture.md: httpOnly, SameSite=Lax, Path=/, Secure behind https.
@Injectable()
export class SessionCookie {
  private readonly secure: boolean;

  constructor(@Inject(SERVICE_CONFIG) config: AuthConfig) {
    this.secure = isSecurePublicUrl(config);
  }

  read(request: FastifyRequest): string | undefined {
    return request.cookies?.[SESSION_COOKIE_NAME];
  }

  set(reply: FastifyReply, sid: string): void {
    reply.setCookie(SESSION_COOKIE_NAME, sid, {
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure: this.secure,
      maxAge: SESSION_TTL_SECONDS,
    });
  }

  clear(reply: FastifyReply): void {
    reply.clearCookie(SESSION_COOKIE_NAME, {
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure: this.secure,
    });
  }
}
