import jwt from 'jsonwebtoken';
import {
  IDENTITY_AUDIENCE,
  IDENTITY_ISSUER,
  IDENTITY_TOKEN_TTL_SECONDS,
  type Identity,
} from './identity.types';

interface IdentityClaims {
  sub: string;
  adm: boolean;
  sup: boolean;
}

// Signed by svc-auth's verify endpoint (and by tests acting as the gateway).
export function signIdentityToken(
  user: Identity,
  secret: string,
  options: { expiresInSeconds?: number } = {},
): string {
  const claims: IdentityClaims = {
    sub: String(user.id),
    adm: user.isAdmin,
    sup: user.isSupervisor,
  };
  return jwt.sign(claims, secret, {
    algorithm: 'HS256',
    issuer: IDENTITY_ISSUER,
    audience: IDENTITY_AUDIENCE,
    expiresIn: options.expiresInSeconds ?? IDENTITY_TOKEN_TTL_SECONDS,
  });
}

// Turns verified claims into an Identity; null when the claims are not what svc-auth signs.
export function identityFromClaims(claims: unknown): Identity | null {
  if (!claims || typeof claims !== 'object') return null;
  const { sub, adm, sup } = claims as Partial<Record<keyof IdentityClaims, unknown>>;
  if (typeof sub !== 'string' || !/^[1-9][0-9]{0,9}$/.test(sub)) return null;
  const id = Number(sub);
  if (id > 2_147_483_647) return null;
  return { id, isAdmin: adm === true, isSupervisor: sup === true };
}

export function verifyIdentityToken(token: string, secret: string): Identity | null {
  try {
    const claims = jwt.verify(token, secret, {
      algorithms: ['HS256'],
      issuer: IDENTITY_ISSUER,
      audience: IDENTITY_AUDIENCE,
    });
    return identityFromClaims(claims);
  } catch {
    return null;
  }
}
