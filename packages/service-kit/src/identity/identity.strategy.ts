import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { SERVICE_CONFIG } from '../config/service-config.token';
import type { ServiceConfig } from '../config/service-config';
import { identityFromClaims, identitySecretKey } from './identity-token';
import {
  IDENTITY_AUDIENCE,
  IDENTITY_HEADER,
  IDENTITY_ISSUER,
  IDENTITY_STRATEGY,
  type Identity,
} from './identity.types';

// Verifies the short-lived token the gateway forwards; nothing else is trusted as identity.
@Injectable()
export class IdentityStrategy extends PassportStrategy(Strategy, IDENTITY_STRATEGY) {
  constructor(@Inject(SERVICE_CONFIG) config: Pick<ServiceConfig, 'IDENTITY_SECRET'>) {
    super({
      jwtFromRequest: ExtractJwt.fromHeader(IDENTITY_HEADER),
      // passport-jwt hands the key to jsonwebtoken, which accepts a KeyObject; its types predate that.
      secretOrKey: identitySecretKey(config.IDENTITY_SECRET) as unknown as Buffer,
      algorithms: ['HS256'],
      issuer: IDENTITY_ISSUER,
      audience: IDENTITY_AUDIENCE,
      ignoreExpiration: false,
    });
  }

  validate(claims: unknown): Identity | false {
    return identityFromClaims(claims) ?? false;
  }
}
