import { createSecretKey, type KeyObject } from 'node:crypto';
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

// jsonwebtoken turns a string secret into a KeyObject on every call; on the hot path (every
// gateway-authenticated request signs or verifies once) reuse one per secret.
const secretKeys = new Map<string, KeyObject>();
export function identitySecretKey(secret: string): KeyObject {
  let key = secretKeys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    secretKeys.set(secret, key);
  }
  return key;
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
  return jwt.sign(claims, identitySecretKey(secret), {
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
    const claims = jwt.verify(token, identitySecretKey(secret), {
      algorithms: ['HS256'],
      issuer: IDENTITY_ISSUER,
      audience: IDENTITY_AUDIENCE,
    });
    return identityFromClaims(claims);
  } catch {
    return null;
  }
}
