import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { request } from './support/http-client.ts';
import { startGatewayWithStandIns, type GatewayWithStandIns } from './support/test-gateway.ts';

// Issue 19: official service records are looked up and checked by anyone holding the code or
// the PDF; the gateway lets exactly those calls through without a session, takes the PDF as a
// bare file, and limits how fast one address may try.
describe('gateway: public service record routes', () => {
  let g: GatewayWithStandIns;
  const url = (path: string) => `${g.gateway.url}${path}`;
  const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(100 * 1024, 1)]);

  beforeAll(async () => {
    g = await startGatewayWithStandIns();
  });
  afterAll(async () => {
    await g?.stop();
  });

  it('passes a dropped PDF through to svc-hours without a session, and never a forged identity', async () => {
    const res = await request(url('/api/service-records/verify'), {
      method: 'POST',
      headers: { 'content-type': 'application/pdf', 'x-identity': 'forged' },
      body: pdf,
    });
    expect(res.status).toBe(200);
    const seen = g.hours.requests.at(-1);
    expect(seen?.url).toBe('/api/service-records/verify');
    expect(seen?.body.equals(pdf)).toBe(true);
    expect(seen?.headers['x-identity']).toBeUndefined();
  });

  it('takes a PDF body on the verify call only', async () => {
    const text = await request(url('/api/service-records/verify'), {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'hello',
    });
    expect(text.status).toBe(415);
    expect(text.json()).toEqual({
      statusCode: 415,
      message: 'Content-Type must be application/json or application/pdf',
    });
    const elsewhere = await request(url('/api/service-hours'), {
      method: 'POST',
      headers: { 'content-type': 'application/pdf', cookie: 'sid=student' },
      body: pdf,
    });
    expect(elsewhere.status).toBe(415);
  });

  it('stops a PDF far over 5 MB at the gateway with JSON 413', async () => {
    const res = await request(url('/api/service-records/verify'), {
      method: 'POST',
      headers: { 'content-type': 'application/pdf' },
      body: Buffer.alloc(7 * 1024 * 1024, 1),
    });
    expect(res.status).toBe(413);
    expect(res.json()).toMatchObject({ statusCode: 413 });
  });

  it('needs a session to issue a record', async () => {
    const res = await request(url('/api/service-records'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(401);
  });

  // Last: it uses up this address's allowance.
  it('answers 429 JSON once one address tries codes too fast', async () => {
    const statuses: number[] = [];
    let limited;
    for (let i = 0; i < 60 && !limited; i++) {
      const res = await request(
        url(`/api/service-records/ABCDEFGHJK${String(i).padStart(2, '2')}`),
      );
      statuses.push(res.status);
      if (res.status === 429) limited = res;
    }
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(20);
    expect(limited?.json()).toEqual({
      statusCode: 429,
      message: 'Too many requests, please try again later',
    });
  });
});
