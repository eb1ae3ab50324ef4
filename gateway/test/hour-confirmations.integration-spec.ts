import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { request } from './support/http-client.ts';
import { startGatewayWithStandIns, type GatewayWithStandIns } from './support/test-gateway.ts';

// Issue 19: an organisation's contact opens the mailed confirmation link without an account. The
// gateway lets exactly those calls through without a session, never with a forged identity,
// and limits how fast one address may try tokens.
describe('gateway: public hour confirmation routes', () => {
  let g: GatewayWithStandIns;
  const url = (path: string) => `${g.gateway.url}${path}`;
  const token = 'A'.repeat(43);

  beforeAll(async () => {
    g = await startGatewayWithStandIns();
  });
  afterAll(async () => {
    await g?.stop();
  });

  it('passes the page and the answer to svc-hours without a session, and never a forged identity', async () => {
    const view = await request(url(`/api/hour-confirmations/${token}`), {
      headers: { 'x-identity': 'forged' },
    });
    expect(view.status).toBe(200);
    expect(g.hours.requests.at(-1)?.url).toBe(`/api/hour-confirmations/${token}`);
    expect(g.hours.requests.at(-1)?.headers['x-identity']).toBeUndefined();

    const answer = await request(url(`/api/hour-confirmations/${token}`), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-identity': 'forged' },
      body: JSON.stringify({ decision: 'confirmed' }),
    });
    expect(answer.status).toBe(200);
    const seen = g.hours.requests.at(-1);
    expect(seen?.method).toBe('POST');
    expect(seen?.headers['x-identity']).toBeUndefined();
  });

  it('still needs a session to resend the mail or change the setting', async () => {
    const resend = await request(url('/api/service-hours/5/confirmation-mail'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(resend.status).toBe(401);
  });

  // Last: it uses up this address's allowance.
  it('answers 429 JSON once one address tries tokens too fast', async () => {
    const statuses: number[] = [];
    let limited;
    for (let i = 0; i < 40 && !limited; i++) {
      const res = await request(url(`/api/hour-confirmations/${String(i).padStart(43, 'B')}`));
      statuses.push(res.status);
      if (res.status === 429) limited = res;
    }
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(5);
    expect(limited?.json()).toEqual({
      statusCode: 429,
      message: 'Too many requests, please try again later',
    });
  });
});
