import { describe, expect, it } from '@jest/globals';
import { formatSseItem, SSE_HEARTBEAT, ssePreamble, sseRetryMs } from './sse-format.util';

describe('SSE framing', () => {
  it('frames an item as one "notification" event whose data line is the item as JSON', () => {
    const item = {
      id: 7,
      type: 'new_opportunity' as const,
      data: { title: 'Levee clean-up\nday', location: 'Kenner: "River Rd"' },
    };
    const frame = formatSseItem(item);
    expect(frame.endsWith('\n\n')).toBe(true);
    const lines = frame.trimEnd().split('\n');
    expect(lines).toEqual(['id: 7', 'event: notification', `data: ${JSON.stringify(item)}`]);
    expect(JSON.parse(lines[2]!.slice('data: '.length))).toEqual(item);
  });

  it('spreads reconnect delays between 1 and 6 s', () => {
    expect(sseRetryMs(() => 0)).toBe(1_000);
    expect(sseRetryMs(() => 0.999_9)).toBeLessThan(6_000);
    expect(ssePreamble(2_500)).toBe('retry: 2500\n: connected\n\n');
  });

  it('keeps the preamble and heartbeat to comments and the retry field', () => {
    for (const text of [ssePreamble(), SSE_HEARTBEAT]) {
      for (const line of text.split('\n').filter(Boolean))
        expect(line.startsWith(':') || line.startsWith('retry: ')).toBe(true);
    }
  });
});
