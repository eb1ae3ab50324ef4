import { describe, expect, it } from '@jest/globals';
import type { Redis } from 'ioredis';
import { registerSharedMessages, translateMessage } from '@district/contracts';
import { SHARED_MESSAGES_ES } from '@district/contracts/messages-es';
import {
  DEFAULT_LOGIN_LIMITS,
  delaySeconds,
  drained,
  LoginThrottle,
  throttleResponse,
} from './login-throttle.service';
import { SchoolNetworks } from '../rate-limit/school-networks';

registerSharedMessages('es', SHARED_MESSAGES_ES);

describe(LoginThrottle.name, () => {
  describe('the numbers', () => {
    it('lets 5 failures per (account, address), 20 per account, 5 per known device and 300 per address go free', () => {
      expect(DEFAULT_LOGIN_LIMITS.perUsernameAndIp.free).toBe(5);
      expect(DEFAULT_LOGIN_LIMITS.perUsername.free).toBe(20);
      expect(DEFAULT_LOGIN_LIMITS.perDevice.free).toBe(5);
      expect(DEFAULT_LOGIN_LIMITS.perIp).toEqual({
        free: 300,
        maxDelaySeconds: 900,
        drainPerMinute: 30,
      });
      expect(DEFAULT_LOGIN_LIMITS.windowSeconds).toBe(900);
    });

    it('then doubles the wait from one second, capped at 15 minutes', () => {
      const limit = DEFAULT_LOGIN_LIMITS.perUsernameAndIp;
      expect([4, 5, 6, 7, 8].map((n) => delaySeconds(n, limit))).toEqual([0, 1, 2, 4, 8]);
      expect(delaySeconds(14, limit)).toBe(512);
      expect(delaySeconds(15, limit)).toBe(900);
      expect(delaySeconds(1_000, limit)).toBe(900);
    });

    it('drains the address counter by 30 failures a minute, and the others not at all', () => {
      expect(drained(300, DEFAULT_LOGIN_LIMITS.perIp, 60_000)).toBe(270);
      expect(drained(300, DEFAULT_LOGIN_LIMITS.perIp, 20 * 60_000)).toBe(0);
      expect(drained(7, DEFAULT_LOGIN_LIMITS.perUsernameAndIp, 20 * 60_000)).toBe(7);
    });

    it('says the same wait in the text as in Retry-After, in English and Spanish', () => {
      const cases: Array<[number, number, string, string]> = [
        [1, 1, 'in 1 second.', 'en 1 segundo.'],
        [0.2, 1, 'in 1 second.', 'en 1 segundo.'],
        [30, 30, 'in 30 seconds.', 'en 30 segundos.'],
        // Issue 29: 64 s used to read "2 minutes".
        [64, 64, 'in 64 seconds.', 'en 64 segundos.'],
        [119, 119, 'in 119 seconds.', 'en 119 segundos.'],
        [120, 120, 'in 2 minutes.', 'en 2 minutos.'],
        [121, 180, 'in 3 minutes.', 'en 3 minutos.'],
        [512, 540, 'in 9 minutes.', 'en 9 minutos.'],
        [900, 900, 'in 15 minutes.', 'en 15 minutos.'],
      ];
      for (const [wait, retryAfter, english, spanish] of cases) {
        const response = throttleResponse(wait);
        expect(response.retryAfterSeconds).toBe(retryAfter);
        expect(response.message).toBe(
          `Too many failed login attempts. Please try again ${english}`,
        );
        expect(translateMessage(response.message, 'es')).toBe(
          `Demasiados intentos fallidos de inicio de sesión. Inténtalo de nuevo ${spanish}`,
        );
        // The number in the text is the header's, in its unit.
        const [, number, unit] = /(\d+) (second|minute)/.exec(response.message)!;
        expect(Number(number) * (unit === 'minute' ? 60 : 1)).toBe(response.retryAfterSeconds);
      }
    });
  });

  // Which counters decide and which count: no Redis call (the counting itself is
  // test/login-throttle-counting.integration-spec.ts, in real Redis).
  describe('which counters decide and which count', () => {
    const throttle = new LoginThrottle({} as Redis, 'p', {
      schoolNetworks: new SchoolNetworks(['198.51.100.0/24', '2001:db8:5::/48']),
    });

    it('decides a known browser on its device alone, anyone else on pair, account and address', () => {
      const name = 'ada';
      expect(
        throttle.decidingCounters({ ip: '203.0.113.1', username: name, device: 'd1' }),
      ).toEqual(['device']);
      expect(throttle.decidingCounters({ ip: '203.0.113.1', username: name })).toEqual([
        'pair',
        'account',
        'ip',
      ]);
      // Inside a school network the address has no ceiling; the account still does.
      expect(throttle.decidingCounters({ ip: '198.51.100.77', username: name })).toEqual([
        'pair',
        'account',
      ]);
      expect(throttle.decidingCounters({ ip: '::ffff:198.51.100.77', username: name })).toEqual([
        'pair',
        'account',
      ]);
      expect(throttle.countedCounters({ ip: '203.0.113.1', username: name, device: 'd1' })).toEqual(
        ['pair', 'account', 'ip', 'device'],
      );
      expect(throttle.countedCounters({ ip: '2001:db8:5::9', username: name })).toEqual([
        'pair',
        'account',
      ]);
    });
  });
});
