import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ServiceKitModule } from '@district/service-kit';
import { authConfigSchema, type AuthConfig } from '../src/auth.config';
import { DEVICE_COOKIE_NAME } from '../src/auth/device-cookie';
import {
  registration,
  startAuthService,
  type AuthTestService,
  type AuthResponse,
} from './support/auth-fixtures';

// Issue 29, "one school, one address": a whole school reaches the platform from one public
// address. With the service's own defaults (nothing raised for the test), a classroom of 60
// registers and then signs in within a minute, some mistyping first, while a classmate at the
// same address guesses another student's password the whole time: the guesser is slowed and the
// victim still gets in. Every request comes through the trusted-proxy path the gateway uses
// (X-Forwarded-For from a TRUSTED_PROXIES peer), so the service keys on the address it resolves.
const THROTTLE_SETTINGS = [
  'RATE_LIMIT_PER_MINUTE',
  'REGISTRATIONS_PER_MINUTE',
  'REGISTRATIONS_PER_DAY',
  'SCHOOL_NETWORKS',
];
const shape = authConfigSchema.shape as Record<string, { parse(value: unknown): unknown }>;
// The defaults a deployment gets when it sets none of these (the harness raises them otherwise).
const defaults = Object.fromEntries(
  THROTTLE_SETTINGS.filter((name) => name in shape).map((name) => [
    name,
    shape[name].parse(undefined),
  ]),
) as Partial<AuthConfig>;

const SCHOOL = '203.0.113.77';
const HOME = '192.0.2.10';
const CLASS_SIZE = 60;

let h: AuthTestService;
let metricsUrl: string;

beforeAll(async () => {
  h = await startAuthService({ ...defaults, METRICS_PORT: 0 });
  metricsUrl = h.service.app.get(ServiceKitModule).metricsUrl!;
});
afterAll(async () => {
  await h?.close();
});

const from = (ip: string, cookie?: string) => ({
  'x-forwarded-for': ip,
  ...(cookie ? { cookie } : {}),
});

const login = (username: string, password: string, headers: Record<string, string>) =>
  h.request('POST', '/api/login', { json: { username, password }, headers });

function deviceCookieOf(res: AuthResponse): string {
  const raw = res.setCookie.find((c) => c.startsWith(`${DEVICE_COOKIE_NAME}=`));
  if (!raw) throw new Error('no device cookie');
  return raw.split(';')[0];
}

async function throttledCount(): Promise<number> {
  const text = await (await fetch(metricsUrl)).text();
  const line = text.split('\n').find((l) => l.startsWith('auth_logins_throttled_total'));
  return Number(line?.split(' ').at(-1) ?? 0);
}

// The number in a refusal's text, in seconds, must be the Retry-After header.
function expectTextToAgreeWithRetryAfter(res: AuthResponse<{ message: string }>) {
  const retryAfter = Number(res.headers.get('retry-after'));
  const [, number, unit] =
    /(?:in|en) (\d+) (second|minute|segundo|minuto)s?\.$/.exec(res.body.message) ?? [];
  expect(Number(number) * (unit.startsWith('min') ? 60 : 1)).toBe(retryAfter);
}

describe('one school, one address (issue 29)', () => {
  it('60 students register and sign in within a minute while a classmate guesses a password at the same address', async () => {
    // The victim made an account at home yesterday; that laptop keeps its device cookie.
    const victimBody = registration();
    const victim = { username: victimBody.username as string, password: 'correct horse battery' };
    const atHome = await h.request('POST', '/api/register', {
      json: victimBody,
      headers: from(HOME),
    });
    expect(atHome.status).toBe(200);
    const victimLaptop = deviceCookieOf(atHome);
    const throttledBefore = await throttledCount();

    // The guesser hammers the victim's username from the school's address, ten times a second,
    // until told to stop.
    const guesses: Array<AuthResponse<{ message: string }>> = [];
    let guessing = true;
    const started = Date.now();
    const guesser = (async () => {
      for (let i = 0; guessing; i += 1) {
        guesses.push(await login(victim.username, `guess-${i}`, from(SCHOOL)));
        await sleep(100);
      }
    })();
    // Stopped however the test ends, so it does not outlive the service.
    const stopGuessing = async () => {
      guessing = false;
      await guesser;
    };
    let elapsed = 0;
    try {
      // Let the guesser use up its free guesses first.
      await sleep(1_500);

      // The class registers together, on the school's shared computers.
      const bodies = Array.from({ length: CLASS_SIZE }, () => registration());
      const registered = await Promise.all(
        bodies.map((json) => h.request('POST', '/api/register', { json, headers: from(SCHOOL) })),
      );
      expect(registered.map((r) => r.status)).toEqual(Array<number>(CLASS_SIZE).fill(200));

      // Then signs in, on computers that keep no cookies: every student mistypes once first
      // (60 failures from the address, more than the 50 that used to slow the whole school).
      const signIns = await Promise.all(
        bodies.map(async (body) => {
          const typo = await login(body.username as string, 'correct horse batery', from(SCHOOL));
          const right = await login(body.username as string, body.password as string, from(SCHOOL));
          return [typo.status, right.status, right.sid];
        }),
      );
      expect(signIns.map(([typo, right]) => [typo, right])).toEqual(
        Array.from({ length: CLASS_SIZE }, () => [401, 200]),
      );
      expect(signIns.every(([, , sid]) => typeof sid === 'string')).toBe(true);

      // The victim, at school on the laptop that signed in before, gets in at once.
      const withLaptop = await login(victim.username, victim.password, from(SCHOOL, victimLaptop));
      expect(withLaptop.status).toBe(200);
      expect(withLaptop.sid).toBeDefined();
      // Without that cookie, at the guesser's address, the victim cannot be told from the guesser:
      // slowed like the guesser, told exactly how long (and the owner signing in above gave the
      // guesser nothing back).
      const sharedComputer = await login(victim.username, victim.password, {
        ...from(SCHOOL),
        'accept-language': 'es',
      });
      expect(sharedComputer.status).toBe(429);
      expect(sharedComputer.body.message).toMatch(
        /^Demasiados intentos fallidos de inicio de sesión\. Inténtalo de nuevo en /,
      );
      expectTextToAgreeWithRetryAfter(sharedComputer);
      // From anywhere else (home, a phone) without a cookie: in at once; the account is not locked.
      const onPhone = await login(victim.username, victim.password, from('198.51.100.30'));
      expect(onPhone.status).toBe(200);
      elapsed = (Date.now() - started) / 1000;
      expect(elapsed).toBeLessThan(60);
    } finally {
      await stopGuessing();
    }

    // The guesser was slowed: five free guesses, then one after 1 s, 3 s, 7 s, 15 s, 31 s (one
    // more for timing at a boundary), every other one refused with the wait it owes.
    const wrong = guesses.filter((r) => r.status === 401).length;
    const refused = guesses.filter((r) => r.status === 429);
    const allowed = 5 + [1, 3, 7, 15, 31].filter((t) => t <= elapsed).length + 1;
    expect(wrong).toBeGreaterThanOrEqual(5);
    expect(wrong).toBeLessThanOrEqual(allowed);
    expect(refused.length).toBe(guesses.length - wrong);
    expect(refused.length).toBeGreaterThan(10);
    for (const res of refused) expectTextToAgreeWithRetryAfter(res);
    // Every refusal is counted for the operators' dashboard.
    expect((await throttledCount()) - throttledBefore).toBe(refused.length + 1);
  }, 90_000);
});
