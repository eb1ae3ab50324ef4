import { createHash, randomBytes } from 'node:crypto';

// The plain token exists only in the e-mail; the table keeps its sha256, so a leaked table
// cannot be turned into working links.
export function createConfirmationToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashConfirmationToken(token) };
}

export function hashConfirmationToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

// 32 random bytes in base64url: anything else cannot be a token (and is looked up as nothing).
export const CONFIRMATION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function confirmationLink(publicUrl: string, token: string): string {
  return new URL(`/confirm-hours/${token}`, publicUrl).toString();
}
