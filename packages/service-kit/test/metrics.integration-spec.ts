import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ServiceKitModule } from '../src';
import {
  clearRedisPrefix,
  createTestDatabase,
  identityHeader,
  startTestService,
  testServiceConfig,
  waitFor,
  type TestDatabase,
  type TestService,
} from '../src/testing';
import { producerModule } from './fixtures/test-app.module';

const student = { id: 7, isAdmin: false, isSupervisor: false };

// The value of one series in a Prometheus text answer (undefined when absent).
function sample(
  text: string,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`)))
      return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

describe('metrics of a service built with service-kit', () => {
  let db: TestDatabase;
  let service: TestService;
  let prefix: string;
  let metricsUrl: string;
  const scrape = async () => (await fetch(metricsUrl)).text();

  beforeAll(async () => {
    db = await createTestDatabase('kit_metrics');
    const config = testServiceConfig({
      DATABASE_URL: db.url,
      DB_SCHEMA: 'volunteer',
      METRICS_PORT: 0,
    });
    prefix = config.BULLMQ_PREFIX;
    service = await startTestService(producerModule(), config);
    metricsUrl = service.app.get(ServiceKitModule).metricsUrl!;
  });

  afterAll(async () => {
    await service?.close();
    await db?.drop();
    if (prefix) await clearRedisPrefix(prefix);
  });

  it('answers /metrics on its own port, not on the service port', async () => {
    expect(metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    expect(new URL(metricsUrl).port).not.toBe(new URL(service.url).port);
    const onService = await fetch(`${service.url}/metrics`, { headers: identityHeader(student) });
    expect(onService.status).toBe(404);
    const text = await scrape();
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(text).toContain('nodejs_heap_size_used_bytes');
    expect(sample(text, 'db_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(0);
  });

  it('counts requests per route template, never per raw path', async () => {
    for (const id of [1, 2, 3])
      await fetch(`${service.url}/widgets/${id}`, { headers: identityHeader(student) });
    await fetch(`${service.url}/no/such/path/${Date.now()}`, { headers: identityHeader(student) });
    const text = await scrape();
    expect(
      sample(text, 'http_request_duration_seconds_count', {
        route: '/widgets/:id',
        method: 'GET',
        status: '404',
      }),
    ).toBe(3);
    expect(sample(text, 'http_request_duration_seconds_count', { route: 'unmatched' })).toBe(2);
    expect(text).not.toMatch(/route="\/widgets\/\d/);
    expect(text).not.toContain('/no/such/path');
  });

  it('moves the outbox and queue figures as events are written and relayed', async () => {
    const before =
      sample(await scrape(), 'bullmq_jobs', {
        queue: 'events-svc-content',
        state: 'waiting',
      }) ?? 0;
    for (const name of ['alpha', 'bravo'])
      await fetch(`${service.url}/widgets`, {
        method: 'POST',
        headers: { ...identityHeader(student), 'content-type': 'application/json' },
        body: JSON.stringify({ name }),
      });
    // No consumer runs here: the relayed events wait in svc-content's queue.
    await waitFor(async () => {
      const text = await scrape();
      return (
        sample(text, 'bullmq_jobs', { queue: 'events-svc-content', state: 'waiting' })! >=
          before + 2 && sample(text, 'outbox_pending_events') === 0
      );
    }, 'two events relayed into the queue');
    const text = await scrape();
    expect(sample(text, 'outbox_oldest_pending_seconds')).toBe(0);
    expect(
      sample(text, 'http_request_duration_seconds_count', { route: '/widgets', method: 'POST' }),
    ).toBe(2);
  });
});
