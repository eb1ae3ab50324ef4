import { createHash, randomBytes } from 'node:crypto';

// The plain token exists only in the e-mail; the database keeps its sha256 so a leaked table
// cannot be turned into working links.
export function createResetToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashResetToken(token) };
}

export function hashResetToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function resetLink(publicUrl: string, token: string): string {
  const url = new URL('/reset-password', publicUrl);
  url.searchParams.set('token', token);
  return url.toString();
}
