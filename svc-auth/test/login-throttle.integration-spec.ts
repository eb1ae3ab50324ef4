import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DEVICE_COOKIE_NAME } from '../src/auth/device-cookie';
import {
  registration,
  startAuthService,
  type AuthTestService,
  type AuthResponse,
} from './support/auth-fixtures';

// Issue 15.6: ten wrong passwords used to lock a username for 15 minutes from everywhere, so
// anyone could keep anyone out. Now failures slow down the (username, address) pair and the
// address, progressively, and a browser that signed in before gets through whatever others do.
let h: AuthTestService;

beforeAll(async () => {
  h = await startAuthService();
});
afterAll(async () => {
  await h?.close();
});

const from = (ip: string, cookie?: string) => ({
  'x-forwarded-for': ip,
  ...(cookie ? { cookie } : {}),
});

function login(username: unknown, password: unknown, headers: Record<string, string>) {
  return h.request('POST', '/api/login', { json: { username, password }, headers });
}

function deviceCookieOf(res: AuthResponse): string {
  const raw = res.setCookie.find((c) => c.startsWith(`${DEVICE_COOKIE_NAME}=`));
  if (!raw) throw new Error('no device cookie');
  return raw.split(';')[0];
}

async function newAccount() {
  const body = registration();
  expect((await h.request('POST', '/api/register', { json: body })).status).toBe(200);
  return { username: body.username as string, password: body.password as string };
}

// Wrong passwords until the server answers 429 with at least `minWait` seconds to wait, sleeping
// through shorter waits (so the delay has grown). Returns how many were answered 401.
async function failUntilSlowed(username: string, ip: string, minWait = 2): Promise<number> {
  let failures = 0;
  for (let i = 0; i < 60; i += 1) {
    const res = await login(username, 'wrong-guess', from(ip));
    if (res.status === 401) {
      failures += 1;
      continue;
    }
    expect(res.status).toBe(429);
    const wait = Number(res.headers.get('retry-after'));
    if (wait >= minWait) return failures;
    await sleep(wait * 1000);
  }
  throw new Error('never slowed');
}

describe('login throttling (real Redis)', () => {
  it('an attacker with 20 wrong passwords from address A is slowed, and does not keep the owner out from B', async () => {
    const owner = await newAccount();
    const answers: number[] = [];
    const started = Date.now();
    for (let i = 0; i < 20; i += 1)
      answers.push((await login(owner.username, `guess-${i}`, from('203.0.113.1'))).status);
    const elapsed = (Date.now() - started) / 1000;
    // The first five cost nothing; then each attempt must wait 1 s, 2 s, 4 s, … after the last
    // failure, so a sixth can only come after 1 s, a seventh after 3 s, an eighth after 7 s.
    expect(answers.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    const allowed = 5 + [1, 3, 7, 15].filter((t) => t <= elapsed).length;
    expect(answers.filter((s) => s === 401).length).toBeLessThanOrEqual(allowed);
    expect(answers.filter((s) => s === 429).length).toBeGreaterThanOrEqual(20 - allowed);
    expect(answers.every((s) => s === 401 || s === 429)).toBe(true);

    const blocked = await login(owner.username, 'guess-again', from('203.0.113.1'));
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({
      statusCode: 429,
      message: expect.stringMatching(/^Too many failed login attempts\. Please try again in /),
    });
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);

    // The owner, from their own address, signs in at once.
    const owned = await login(owner.username.toUpperCase(), owner.password, from('198.51.100.2'));
    expect(owned.status).toBe(200);
    expect(owned.sid).toBeDefined();
  });

  it('the owner with a known-device cookie gets in even from the attacker’s address', async () => {
    const owner = await newAccount();
    const first = await login(owner.username, owner.password, from('198.51.100.3'));
    expect(first.status).toBe(200);
    const device = deviceCookieOf(first);
    const raw = first.setCookie.find((c) => c.startsWith(`${DEVICE_COOKIE_NAME}=`))!;
    expect(raw).toMatch(/HttpOnly/i);
    expect(raw).toMatch(/Path=\/api\/login/);
    expect(raw).toMatch(/SameSite=Lax/i);

    // The attacker shares the owner's address (a school's public IP) and is slowed there.
    await failUntilSlowed(owner.username, '203.0.113.4');
    expect((await login(owner.username, owner.password, from('203.0.113.4'))).status).toBe(429);

    const known = await login(owner.username, owner.password, from('203.0.113.4', device));
    expect(known.status).toBe(200);
    expect(known.sid).toBeDefined();
  });

  it('the browser that registered the account is known to it', async () => {
    const body = registration();
    const created = await h.request('POST', '/api/register', { json: body });
    const device = deviceCookieOf(created);
    await failUntilSlowed(body.username as string, '203.0.113.9');
    const res = await login(body.username, body.password, from('203.0.113.9', device));
    expect(res.status).toBe(200);
  });

  it('a device cookie counts only for its own account, and a forged one not at all', async () => {
    const owner = await newAccount();
    const other = await newAccount();
    const otherDevice = deviceCookieOf(
      await login(other.username, other.password, from('198.51.100.5')),
    );
    await failUntilSlowed(owner.username, '203.0.113.5');
    expect(
      (await login(owner.username, owner.password, from('203.0.113.5', otherDevice))).status,
    ).toBe(429);
    const [name, value] = otherDevice.split('=');
    const forged = `${name}=${value.slice(0, -2)}AA`;
    expect((await login(owner.username, owner.password, from('203.0.113.5', forged))).status).toBe(
      429,
    );
  });

  it('slows more with every failure, up to a cap, and a right password clears the pair', async () => {
    const owner = await newAccount();
    const ip = '203.0.113.6';
    const failed = await failUntilSlowed(owner.username, ip, 4);
    // 5 free, then 1 s and 2 s waits: the fourth second is owed after the seventh failure.
    expect(failed).toBe(7);
    const slowed = await login(owner.username, owner.password, from(ip));
    expect(slowed.status).toBe(429);
    expect(Number(slowed.headers.get('retry-after'))).toBeGreaterThanOrEqual(3);
    expect(Number(slowed.headers.get('retry-after'))).toBeLessThanOrEqual(4);
    await sleep(Number(slowed.headers.get('retry-after')) * 1000);
    expect((await login(owner.username, owner.password, from(ip))).status).toBe(200);
    // Cleared: five free failures again.
    for (let i = 0; i < 5; i += 1)
      expect((await login(owner.username, 'nope-nope', from(ip))).status).toBe(401);
  });

  it('slows an address after 300 failures across any usernames; the same account elsewhere is fine', async () => {
    const owner = await newAccount();
    const device = deviceCookieOf(
      await login(owner.username, owner.password, from('198.51.100.7')),
    );
    const ip = '192.0.2.50';
    // Issue 29: a school's share of typos (300 in a few minutes) costs nothing.
    for (let batch = 0; batch < 30; batch += 1) {
      const statuses = await Promise.all(
        Array.from(
          { length: 10 },
          async (_, i) => (await login(`ghost${batch * 10 + i}`, 'password1', from(ip))).status,
        ),
      );
      expect(statuses).toEqual(Array<number>(10).fill(401));
    }
    // Past the address's free failures (and what drained meanwhile, 30 a minute): slowed, with a
    // wait that grows as failures go on.
    let wait = 0;
    for (let i = 0; i < 60 && wait < 2; i += 1) {
      const res = await login(`ghost-more${i}`, 'password1', from(ip));
      if (res.status === 401) continue;
      expect(res.status).toBe(429);
      wait = Number(res.headers.get('retry-after'));
      if (wait < 2) await sleep(wait * 1000);
    }
    expect(wait).toBeGreaterThanOrEqual(2);
    const blocked = await login(owner.username, owner.password, from(ip));
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await login(owner.username, owner.password, from('192.0.2.51'))).status).toBe(200);
    // A known device is not held back by other people's failures at its address.
    expect((await login(owner.username, owner.password, from(ip, device))).status).toBe(200);
  });

  it('keys the address on what the proxy saw, not on a forged X-Forwarded-For entry', async () => {
    // nginx appends the real address last; one trusted hop means only that entry counts.
    const owner = await newAccount();
    await failUntilSlowed(owner.username, '10.9.9.9, 192.0.2.60');
    const res = await login(owner.username, owner.password, from('10.1.1.1, 192.0.2.60'));
    expect(res.status).toBe(429);
  });

  it('bursts in parallel gain nothing: one attempt per delay', async () => {
    const owner = await newAccount();
    const ip = '203.0.113.8';
    for (let i = 0; i < 5; i += 1) await login(owner.username, 'wrong-guess', from(ip));
    await sleep(1_100);
    const burst = await Promise.all(
      Array.from({ length: 10 }, () => login(owner.username, 'wrong-guess', from(ip))),
    );
    expect(burst.filter((r) => r.status === 401).length).toBe(1);
    expect(burst.filter((r) => r.status === 429).length).toBe(9);
  });
});
