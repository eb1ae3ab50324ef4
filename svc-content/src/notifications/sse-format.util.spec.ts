import { describe, expect, it } from 'vitest';
import { formatSseItem, SSE_HEARTBEAT, SSE_PREAMBLE } from './sse-format.util';

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

  it('keeps the preamble and heartbeat to comments and the retry field', () => {
    for (const text of [SSE_PREAMBLE, SSE_HEARTBEAT]) {
      for (const line of text.split('\n').filter(Boolean))
        expect(line.startsWith(':') || line.startsWith('retry: ')).toBe(true);
    }
  });
});
