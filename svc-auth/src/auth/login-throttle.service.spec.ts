import { describe, expect, it } from 'vitest';
import { DEFAULT_LOGIN_LIMITS, throttleMessage } from './login-throttle.service';

describe('login throttling', () => {
  it('limits 10 failures per username and 50 per address in 15 minutes', () => {
    expect(DEFAULT_LOGIN_LIMITS).toEqual({ perUsername: 10, perIp: 50, windowSeconds: 900 });
  });

  it('tells the user how long to wait, in minutes', () => {
    expect(throttleMessage(900)).toBe(
      'Too many failed login attempts. Please try again in 15 minutes.',
    );
    expect(throttleMessage(61)).toBe(
      'Too many failed login attempts. Please try again in 2 minutes.',
    );
    expect(throttleMessage(30)).toBe(
      'Too many failed login attempts. Please try again in a minute.',
    );
  });
});
