import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { DataSource } from 'typeorm';
import { describe, expect, it } from '@jest/globals';
import {
  clearRedisPrefix,
  createTestDatabase,
  identityHeader,
  startTestService,
  testRedisPrefix,
  testServiceConfig,
  waitFor,
} from '../src/testing';
import { continueTrace, createLogger, traceparentOf } from '../src';
import { consumerModule, producerModule } from './fixtures/test-app.module';

type Line = Record<string, unknown>;

// The kit's logger (trace fields included), writing into an array instead of stdout.
function capture(lines: Line[], service: string) {
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(text));
      done();
    },
  });
  return createLogger({ service, level: 'debug', destination });
}

describe('trace context from the gateway to a consumer (issue 21)', () => {
  it('follows one write by its trace id alone: request log, outbox row, job, consumer log', async () => {
    const db = await createTestDatabase('kit_tracing');
    const prefix = testRedisPrefix('tracing');
    const base = { DATABASE_URL: db.url, BULLMQ_PREFIX: prefix };
    const producerLines: Line[] = [];
    const consumerLines: Line[] = [];
    const producer = await startTestService(
      producerModule(),
      testServiceConfig({ ...base, DB_SCHEMA: 'volunteer' }),
      { logger: capture(producerLines, 'svc-volunteer') },
    );
    const consumer = await startTestService(
      consumerModule(),
      testServiceConfig({ ...base, DB_SCHEMA: 'content' }),
      { logger: capture(consumerLines, 'svc-content') },
    );
    const reader = new DataSource({ type: 'postgres', url: db.url });
    await reader.initialize();
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    try {
      const res = await fetch(`${producer.url}/widgets`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          traceparent: `00-${traceId}-00f067aa0ba902b7-01`,
          'x-request-id': 'f'.repeat(32),
          ...identityHeader({ id: 1, isAdmin: true }),
        },
        body: JSON.stringify({ name: 'river cleanup' }),
      });
      expect(res.status).toBe(201);

      const [row] = await reader.query('SELECT traceparent FROM volunteer.outbox');
      expect(row.traceparent).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));
      expect(row.traceparent).not.toContain('00f067aa0ba902b7');

      await waitFor(
        () => consumerLines.find((l) => l.msg === 'event processed' && l.trace_id === traceId),
        'the consumer’s log line in the same trace',
      );
      const requestLine = producerLines.find((l) => l.msg === 'request' && l.url === '/widgets');
      expect(requestLine).toMatchObject({ trace_id: traceId, request_id: 'f'.repeat(32) });
      const consumed = consumerLines.find((l) => l.trace_id === traceId)!;
      // An event's work is named by the event id where a request's is named by the request id.
      expect(consumed).toMatchObject({ service: 'svc-content', request_id: consumed.eventId });
    } finally {
      await reader.destroy();
      await producer.close();
      await consumer.close();
      await db.drop();
      await clearRedisPrefix(prefix);
    }
  });

  it('starts a new trace for a request that brings none', async () => {
    const fresh = continueTrace(undefined);
    expect(traceparentOf(fresh)).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    expect(continueTrace('00-' + '0'.repeat(32) + '-00f067aa0ba902b7-01').traceId).not.toBe(
      '0'.repeat(32),
    );
    expect(continueTrace('garbage').traceId).toMatch(/^[0-9a-f]{32}$/);
  });

  it('exports a server span per request to the OTLP endpoint when one is set, in the same trace', async () => {
    const received: string[] = [];
    const collector = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        received.push(`${req.url} ${body}`);
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
    const db = await createTestDatabase('kit_otlp');
    const prefix = testRedisPrefix('otlp');
    const service = await startTestService(
      producerModule(),
      testServiceConfig({
        DATABASE_URL: db.url,
        BULLMQ_PREFIX: prefix,
        DB_SCHEMA: 'volunteer',
        OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
      }),
    );
    const traceId = '0af7651916cd43dd8448eb211c80319c';
    try {
      const res = await fetch(`${service.url}/widgets/42`, {
        headers: {
          traceparent: `00-${traceId}-b7ad6b7169203331-01`,
          ...identityHeader({ id: 1 }),
        },
      });
      expect(res.status).toBe(404);
    } finally {
      // Closing flushes the batch.
      await service.close();
      await db.drop();
      await clearRedisPrefix(prefix);
    }
    await waitFor(() => received.length > 0, 'the exported spans');
    collector.close();
    const [sent] = received;
    expect(sent).toMatch(/^\/v1\/traces /);
    expect(sent).toContain(traceId);
    expect(sent).toContain('b7ad6b7169203331');
    expect(sent).toContain('GET /widgets/:id');
  });
});
