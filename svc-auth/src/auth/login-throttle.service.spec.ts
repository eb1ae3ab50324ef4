import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { registerSharedMessages, translateMessage } from '@district/contracts';
import { SHARED_MESSAGES_ES } from '@district/contracts/messages-es';
import { clearRedisPrefix, testRedisPrefix, testRedisUrl } from '@district/service-kit/testing';
import { SchoolNetworks } from '../rate-limit/school-networks';
import {
  DEFAULT_LOGIN_LIMITS,
  delaySeconds,
  drained,
  LoginThrottle,
  throttleResponse,
  type LoginAttempt,
} from './login-throttle.service';

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

  // The counting itself, in real Redis (the Lua scripts), with a clock the test moves.
  describe('what counts where (real Redis)', () => {
    const prefix = testRedisPrefix('login-throttle-unit');
    let redis: Redis;
    let now = Date.UTC(2026, 8, 1, 8, 0, 0);
    const clock = () => now;
    const school = '198.51.100.20';
    let throttle: LoginThrottle;
    let run = 0;

    beforeAll(() => {
      redis = new Redis(testRedisUrl());
      throttle = new LoginThrottle(redis, prefix, {
        clock,
        schoolNetworks: new SchoolNetworks(['198.51.100.0/24', '2001:db8:5::/48']),
      });
    });
    afterAll(async () => {
      redis.disconnect();
      await clearRedisPrefix(prefix);
    });

    // Fresh names per test, so the tests do not share counters.
    const user = (name: string) => `${name}-${(run += 1)}`;
    const blocked = async (attempt: LoginAttempt) => (await throttle.check(attempt)).blocked;
    async function fail(attempt: LoginAttempt, times = 1) {
      for (let i = 0; i < times; i += 1) await throttle.recordFailure(attempt);
    }

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

    it('slows (account, address) after 5 failures, for 1 s, then 2 s', async () => {
      const attempt = { ip: '203.0.113.2', username: user('pair') };
      await fail(attempt, 5);
      expect(await throttle.check(attempt)).toEqual({ blocked: true, retryAfterSeconds: 1 });
      // The same account from another address is not slowed.
      expect(await blocked({ ...attempt, ip: '203.0.113.3' })).toBe(false);
      now += 1_000;
      expect(await blocked(attempt)).toBe(false);
      await fail(attempt);
      expect(await throttle.check(attempt)).toEqual({ blocked: true, retryAfterSeconds: 2 });
    });

    it('slows an account guessed from many addresses after 20 failures, but not its known browser', async () => {
      const name = user('account');
      for (let i = 0; i < 20; i += 1) await fail({ ip: `192.0.2.${i + 1}`, username: name });
      expect(await blocked({ ip: '192.0.2.200', username: name })).toBe(true);
      expect(await blocked({ ip: '192.0.2.200', username: name, device: 'owner-phone' })).toBe(
        false,
      );
      // Other accounts at those addresses are not affected.
      expect(await blocked({ ip: '192.0.2.1', username: user('neighbour') })).toBe(false);
    });

    it('slows an address after 300 failures across accounts within minutes, and forgets as time passes', async () => {
      const ip = '203.0.113.50';
      for (let i = 0; i < 300; i += 1) await fail({ ip, username: user('spray') });
      expect(await blocked({ ip, username: user('classmate') })).toBe(true);
      expect(await blocked({ ip, username: user('classmate'), device: 'known' })).toBe(false);
      // A minute later 30 failures have drained away.
      now += 60_000;
      expect(await blocked({ ip, username: user('classmate') })).toBe(false);
    });

    it('never slows a school whose students mistype all day at 20 a minute', async () => {
      const ip = '203.0.113.60';
      for (let minute = 0; minute < 60; minute += 1) {
        for (let i = 0; i < 20; i += 1) await fail({ ip, username: user('typo') });
        now += 60_000;
      }
      expect(await blocked({ ip, username: user('next-student') })).toBe(false);
    });

    it('has no address ceiling inside SCHOOL_NETWORKS, and still slows each account there', async () => {
      const ip = '198.51.100.20';
      for (let i = 0; i < 400; i += 1) await fail({ ip, username: user('school-spray') });
      expect(await blocked({ ip, username: user('student') })).toBe(false);
      const victim = user('victim');
      await fail({ ip: school, username: victim }, 5);
      expect(await blocked({ ip: school, username: victim })).toBe(true);
    });

    it('the right password from a known browser clears its device, not the pair or the account', async () => {
      const name = user('owner');
      const classroom = { ip: '192.0.2.99', username: name };
      // A classmate guesses at the owner's school; the owner's own laptop mistyped there too.
      await fail(classroom, 5);
      const laptop = { ...classroom, device: 'laptop' };
      await fail(laptop, 5);
      expect(await blocked(laptop)).toBe(true);
      await throttle.recordSuccess(laptop);
      expect(await blocked(laptop)).toBe(false);
      // The classmate gained nothing from the owner signing in.
      expect(await blocked(classroom)).toBe(true);
    });

    it('the right password from a browser without a cookie clears its pair, not the account', async () => {
      const name = user('owner');
      for (let i = 0; i < 20; i += 1) await fail({ ip: `192.0.2.${i + 1}`, username: name });
      const home = { ip: '192.0.2.98', username: name };
      await throttle.recordSuccess(home);
      // Twenty failures from elsewhere still slow browsers that never signed in to it.
      expect(await blocked(home)).toBe(true);
      const school = { ip: '203.0.113.70', username: user('pupil') };
      await fail(school, 5);
      expect(await blocked(school)).toBe(true);
      await throttle.recordSuccess(school);
      expect(await blocked(school)).toBe(false);
    });
  });
});
