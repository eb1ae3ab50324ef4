import { describe, expect, it } from '@jest/globals';
import { createResetToken, hashResetToken, resetLink } from './reset-token.util';

describe('reset tokens', () => {
  it('are 32 random bytes, URL-safe, and stored only as their sha256', () => {
    const a = createResetToken();
    const b = createResetToken();
    expect(a.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(a.token, 'base64url')).toHaveLength(32);
    expect(a.token).not.toBe(b.token);
    expect(a.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(a.tokenHash).toBe(hashResetToken(a.token));
    expect(a.tokenHash).not.toContain(a.token);
  });

  it('make links under PUBLIC_URL to the reset screen', () => {
    expect(resetLink('https://volunteer.example.org', 'abc_-1')).toBe(
      'https://volunteer.example.org/reset-password?token=abc_-1',
    );
    expect(resetLink('http://localhost:8080/', 'x')).toBe(
      'http://localhost:8080/reset-password?token=x',
    );
  });
});
