import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { IncomingHttpHeaders } from 'node:http';
import { Strategy as PassportBaseStrategy } from 'passport';
import { SERVICE_CONFIG } from '../config/service-config.token';
import type { ServiceConfig } from '../config/service-config';
import { verifyIdentityToken } from './identity-token';
import { IDENTITY_HEADER, IDENTITY_STRATEGY, type Identity } from './identity.types';

type Done = (error: unknown, user?: Identity | false) => void;

// A passport strategy that hands the gateway's identity header to the validate callback.
class IdentityHeaderStrategy extends PassportBaseStrategy {
  constructor(private readonly check: (token: string, done: Done) => void) {
    super();
  }

  // The request is Fastify's under Nest's Fastify adapter; only its headers are read.
  override authenticate(request: { headers: IncomingHttpHeaders }): void {
    const token = request.headers[IDENTITY_HEADER];
    if (typeof token !== 'string' || token === '') {
      this.fail(401);
      return;
    }
    this.check(token, (error, user) => {
      if (error) this.error(error);
      else if (user) this.success(user);
      else this.fail(401);
    });
  }
}

// Verifies the short-lived token the gateway forwards; nothing else is trusted as identity.
@Injectable()
export class IdentityStrategy extends PassportStrategy(IdentityHeaderStrategy, IDENTITY_STRATEGY) {
  private readonly secret: string;

  constructor(@Inject(SERVICE_CONFIG) config: Pick<ServiceConfig, 'IDENTITY_SECRET'>) {
    super();
    this.secret = config.IDENTITY_SECRET;
  }

  validate(token: string): Identity | false {
    return verifyIdentityToken(token, this.secret) ?? false;
  }
}
