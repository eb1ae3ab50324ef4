import { describe, expect, it } from '@jest/globals';
import { DEFAULT_LOGIN_LIMITS, delaySeconds, throttleMessage } from './login-throttle.service';

describe('login throttling', () => {
  it('lets 5 failures per (username, address), 5 per known device and 50 per address go free', () => {
    expect(DEFAULT_LOGIN_LIMITS.perUsernameAndIp.free).toBe(5);
    expect(DEFAULT_LOGIN_LIMITS.perDevice.free).toBe(5);
    expect(DEFAULT_LOGIN_LIMITS.perIp.free).toBe(50);
    expect(DEFAULT_LOGIN_LIMITS.windowSeconds).toBe(900);
  });

  it('then doubles the wait from one second, capped at 15 minutes', () => {
    const limit = DEFAULT_LOGIN_LIMITS.perUsernameAndIp;
    expect([4, 5, 6, 7, 8].map((n) => delaySeconds(n, limit))).toEqual([0, 1, 2, 4, 8]);
    expect(delaySeconds(14, limit)).toBe(512);
    expect(delaySeconds(15, limit)).toBe(900);
    expect(delaySeconds(1_000, limit)).toBe(900);
  });

  it('tells the user how long to wait, in seconds or minutes', () => {
    expect(throttleMessage(900)).toBe(
      'Too many failed login attempts. Please try again in 15 minutes.',
    );
    expect(throttleMessage(61)).toBe(
      'Too many failed login attempts. Please try again in 2 minutes.',
    );
    expect(throttleMessage(60)).toBe(
      'Too many failed login attempts. Please try again in a minute.',
    );
    expect(throttleMessage(30)).toBe(
      'Too many failed login attempts. Please try again in 30 seconds.',
    );
    expect(throttleMessage(1)).toBe(
      'Too many failed login attempts. Please try again in a second.',
    );
  });
});
