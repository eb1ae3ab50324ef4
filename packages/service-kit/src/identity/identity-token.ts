import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
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
  nam?: string;
  sch?: string;
  iat: number;
  exp: number;
  aud: string;
  iss: string;
}

// The identity token is a JWT (HS256) that only svc-auth signs and only our services read, and
// both happen on every protected request. It is signed and checked here with node:crypto
// directly: the header is always exactly this one (so no algorithm is ever taken from a token),
// and jsonwebtoken's generic path cost about a tenth of a service's time on the hot paths
// (docs/decisions.md "Hot paths"). Tokens are standard JWTs: jwt.io or jsonwebtoken read them.
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

// One KeyObject per secret, not a new one per call.
const secretKeys = new Map<string, KeyObject>();
export function identitySecretKey(secret: string): KeyObject {
  let key = secretKeys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    secretKeys.set(secret, key);
  }
  return key;
}

function signature(signed: string, secret: string): string {
  return createHmac('sha256', identitySecretKey(secret)).update(signed).digest('base64url');
}

// Signed by svc-auth's verify endpoint (and by tests acting as the gateway).
export function signIdentityToken(
  user: Identity,
  secret: string,
  options: { expiresInSeconds?: number } = {},
): string {
  const iat = Math.floor(Date.now() / 1000);
  const claims: IdentityClaims = {
    sub: String(user.id),
    adm: user.isAdmin,
    sup: user.isSupervisor,
    ...(user.name !== undefined ? { nam: user.name } : {}),
    ...(user.school !== undefined ? { sch: user.school } : {}),
    iat,
    exp: iat + (options.expiresInSeconds ?? IDENTITY_TOKEN_TTL_SECONDS),
    aud: IDENTITY_AUDIENCE,
    iss: IDENTITY_ISSUER,
  };
  const signed = `${HEADER}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  return `${signed}.${signature(signed, secret)}`;
}

// Turns verified claims into an Identity; null when the claims are not what svc-auth signs.
export function identityFromClaims(claims: unknown): Identity | null {
  if (!claims || typeof claims !== 'object') return null;
  const { sub, adm, sup, nam, sch } = claims as Partial<Record<keyof IdentityClaims, unknown>>;
  if (typeof sub !== 'string' || !/^[1-9][0-9]{0,9}$/.test(sub)) return null;
  const id = Number(sub);
  if (id > 2_147_483_647) return null;
  const identity: Identity = { id, isAdmin: adm === true, isSupervisor: sup === true };
  if (typeof nam === 'string') identity.name = nam;
  if (typeof sch === 'string') identity.school = sch;
  return identity;
}

// The caller of a token svc-auth signed with this secret, for this audience, not yet expired;
// null for anything else (another header or algorithm, a bad signature, expired, malformed).
export function verifyIdentityToken(token: string, secret: string): Identity | null {
  const headerEnd = token.indexOf('.');
  const payloadEnd = token.lastIndexOf('.');
  if (headerEnd <= 0 || payloadEnd <= headerEnd) return null;
  if (token.slice(0, headerEnd) !== HEADER) return null;
  // Compared as the canonical base64url text, in constant time.
  const expected = Buffer.from(signature(token.slice(0, payloadEnd), secret));
  const given = Buffer.from(token.slice(payloadEnd + 1));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let claims: Partial<IdentityClaims>;
  try {
    claims = JSON.parse(
      Buffer.from(token.slice(headerEnd + 1, payloadEnd), 'base64url').toString('utf8'),
    ) as Partial<IdentityClaims>;
  } catch {
    return null;
  }
  if (claims.iss !== IDENTITY_ISSUER || claims.aud !== IDENTITY_AUDIENCE) return null;
  if (typeof claims.exp !== 'number' || claims.exp <= Date.now() / 1000) return null;
  return identityFromClaims(claims);
}
