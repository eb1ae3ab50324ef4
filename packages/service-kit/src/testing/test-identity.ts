import { signIdentityToken } from '../identity/identity-token';
import { IDENTITY_HEADER, type Identity } from '../identity/identity.types';

// Fixed for tests only; services get theirs from IDENTITY_SECRET.
export const TEST_IDENTITY_SECRET = 'test-identity-secret-0123456789abcdef';

// Headers the gateway would add for this user.
export function identityHeader(
  user: Partial<Identity> & { id: number },
  secret = TEST_IDENTITY_SECRET,
  options: { expiresInSeconds?: number } = {},
): Record<string, string> {
  const identity: Identity = { isAdmin: false, isSupervisor: false, ...user };
  return { [IDENTITY_HEADER]: signIdentityToken(identity, secret, options) };
}
