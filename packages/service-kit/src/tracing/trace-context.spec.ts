import { describe, expect, it } from '@jest/globals';
import { continueTrace, currentTraceparent, runInTrace, traceparentOf } from './trace-context';

describe('trace context (W3C traceparent)', () => {
  it('continues the gateway’s trace with a span of its own', () => {
    const context = continueTrace(
      '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
      'req-1',
    );
    expect(context).toMatchObject({
      traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
      parentSpanId: '00f067aa0ba902b7',
      flags: '01',
      requestId: 'req-1',
    });
    expect(context.spanId).toMatch(/^[0-9a-f]{16}$/);
    expect(context.spanId).not.toBe('00f067aa0ba902b7');
    expect(runInTrace(context, currentTraceparent)).toBe(traceparentOf(context));
  });

  it.each([undefined, 'garbage', '00-00000000000000000000000000000000-00f067aa0ba902b7-01'])(
    'starts a new trace when the traceparent is %p',
    (traceparent) => {
      const context = continueTrace(traceparent);
      expect(traceparentOf(context)).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
      expect(context.parentSpanId).toBeUndefined();
    },
  );

  // The ids come from a pool of random bytes refilled as it runs out: across many refills no id
  // repeats and none is all zeros (which W3C forbids).
  it('never hands out the same id twice, across pool refills', () => {
    const traceIds = new Set<string>();
    const spanIds = new Set<string>();
    for (let i = 0; i < 5_000; i++) {
      const context = continueTrace(undefined);
      traceIds.add(context.traceId);
      spanIds.add(context.spanId);
    }
    expect(traceIds.size).toBe(5_000);
    expect(spanIds.size).toBe(5_000);
    expect([...traceIds, ...spanIds].some((id) => /^0+$/.test(id))).toBe(false);
  });
});
