import { Controller, Get, HttpCode, Inject, Req, Res, UnauthorizedException } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_MESSAGES } from '@district/contracts';
import { IDENTITY_HEADER, Public, SERVICE_CONFIG, signIdentityToken } from '@district/service-kit';
import type { AuthConfig } from '../auth.config';
import { SessionCookie } from '../sessions/session-cookie.service';
import { SessionStore } from '../sessions/session-store';
import { AuthService } from './auth.service';

// nginx's auth_request target (not under /api, never routed from outside): cookie → session →
// the user's roles read fresh → a 60-second signed identity, or 401.
@Public()
@Controller('internal/auth')
export class VerifyController {
  private readonly secret: string;

  constructor(
    private readonly auth: AuthService,
    private readonly sessions: SessionStore,
    private readonly cookie: SessionCookie,
    @Inject(SERVICE_CONFIG) config: AuthConfig,
  ) {
    this.secret = config.IDENTITY_SECRET;
  }

  @Get('verify')
  @HttpCode(204)
  async verify(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    const session = await this.sessions.resolve(this.cookie.read(request));
    const identity = session ? await this.auth.identityOf(session.userId) : null;
    if (!identity) throw new UnauthorizedException(API_MESSAGES.unauthorized);
    void reply.header(IDENTITY_HEADER, signIdentityToken(identity, this.secret));
  }
}
