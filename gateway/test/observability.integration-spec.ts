import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { findFreePort } from '../src/nginx-process.ts';
import { request } from './support/http-client.ts';
import { startGatewayWithStandIns, type GatewayWithStandIns } from './support/test-gateway.ts';

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/;

// Issue 21: metrics stay private, traces start at the gateway.
describe('gateway observability', () => {
  let platform: GatewayWithStandIns;
  let statusPort: number;

  beforeAll(async () => {
    statusPort = await findFreePort();
    // The test's own requests come from loopback: with an empty trusted list they are clients.
    platform = await startGatewayWithStandIns({ statusPort, trustedProxies: [] });
  });
  afterAll(async () => {
    await platform?.stop();
  });

  const lastRequestTo = (path: string) =>
    [...platform.volunteer.requests].reverse().find((r) => r.url === path)!;

  it.each(['/metrics', '/api/metrics', '/stub_status', '/api/opportunities/../metrics'])(
    'never serves %s through the public listener',
    async (path) => {
      const res = await request(`${platform.gateway.url}${path}`, {
        headers: { cookie: 'sid=student' },
      });
      // Paths outside /api are the shell's pages (its index.html), never figures.
      expect(res.text).not.toMatch(/Active connections|# HELP|# TYPE/);
      for (const standIn of platform.standIns)
        expect(standIn.requests.map((r) => r.url)).not.toContain('/metrics');
    },
  );

  it('serves stub_status on its own listener only', async () => {
    const res = await request(`http://127.0.0.1:${statusPort}/stub_status`);
    expect(res.status).toBe(200);
    expect(res.body.toString()).toMatch(/^Active connections: \d+/);
    expect((await request(`http://127.0.0.1:${statusPort}/api/opportunities`)).status).toBe(404);
  });

  it('starts a trace for every request and hands it to the service with the request id', async () => {
    await request(`${platform.gateway.url}/api/opportunities`, {
      headers: { cookie: 'sid=student' },
    });
    const seen = lastRequestTo('/api/opportunities');
    const [, traceId] = TRACEPARENT.exec(String(seen.headers.traceparent)) ?? [];
    expect(traceId).toBe(seen.headers['x-request-id']);
  });

  it('replaces a traceparent sent by a client that is not a trusted proxy', async () => {
    const forged = `00-${'a'.repeat(32)}-${'b'.repeat(16)}-01`;
    await request(`${platform.gateway.url}/api/opportunities?forged`, {
      headers: { cookie: 'sid=student', traceparent: forged },
    });
    const seen = lastRequestTo('/api/opportunities?forged');
    expect(seen.headers.traceparent).toMatch(TRACEPARENT);
    expect(seen.headers.traceparent).not.toContain('a'.repeat(32));
  });
});

describe('gateway behind a trusted proxy', () => {
  let platform: GatewayWithStandIns;
  beforeAll(async () => {
    platform = await startGatewayWithStandIns({ trustedProxies: ['127.0.0.1'] });
  });
  afterAll(async () => {
    await platform?.stop();
  });

  it('continues the proxy’s trace with a span of its own', async () => {
    const incoming = `00-${'c'.repeat(32)}-${'d'.repeat(16)}-01`;
    await request(`${platform.gateway.url}/api/opportunities?traced`, {
      headers: { cookie: 'sid=student', traceparent: incoming },
    });
    const seen = platform.volunteer.requests.find((r) => r.url === '/api/opportunities?traced')!;
    const [, traceId, spanId] = TRACEPARENT.exec(String(seen.headers.traceparent)) ?? [];
    expect(traceId).toBe('c'.repeat(32));
    expect(spanId).not.toBe('d'.repeat(16));
  });
});
