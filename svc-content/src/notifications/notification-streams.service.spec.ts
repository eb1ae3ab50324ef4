import { describe, expect, it, jest } from '@jest/globals';
import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AnyNotificationItem } from '@district/contracts';
import type { Logger, ServiceMetrics } from '@district/service-kit';
import type { NotificationFeedService } from './notification-feed.service';
import type { NotificationSignalService } from './notification-signal.service';
import { NotificationStreamsService, STREAM_MAX_AGE_MS } from './notification-streams.service';
import { SSE_HEARTBEAT } from './sse-format.util';

// A ServerResponse as far as the streams use it: what was written, and whether it ended.
class FakeResponse extends EventEmitter {
  written = '';
  writableEnded = false;
  destroyed = false;
  writableLength = 0;
  status = 0;
  writeHead(status: number): this {
    this.status = status;
    return this;
  }
  write(text: string): boolean {
    this.written += text;
    return true;
  }
  end(): this {
    this.writableEnded = true;
    this.emit('close');
    return this;
  }
}

const request = {
  socket: { setNoDelay: () => undefined, setKeepAlive: () => undefined },
} as unknown as IncomingMessage;

const item = (id: number): AnyNotificationItem => ({
  id,
  type: 'new_opportunity',
  data: { title: `Levee clean-up ${id}`, location: 'Kenner' },
});

function setup() {
  const feed: jest.Mocked<Pick<NotificationFeedService, 'take' | 'takeForUsers' | 'newestId'>> = {
    take: jest.fn(async (): Promise<AnyNotificationItem[]> => []),
    takeForUsers: jest.fn(async () => new Map<number, AnyNotificationItem[]>()),
    newestId: jest.fn(async () => 0),
  };
  const signal = { onNewItem: jest.fn(() => () => undefined) };
  const logger = { warn: jest.fn() };
  const metrics = { gauge: () => ({ set: () => undefined }), onCollect: () => undefined };
  const sut = new NotificationStreamsService(
    feed as unknown as NotificationFeedService,
    signal as unknown as NotificationSignalService,
    logger as unknown as Logger,
    metrics as unknown as ServiceMetrics,
  );
  const open = async (userId: number) => {
    const res = new FakeResponse();
    await sut.open(userId, request, res as unknown as ServerResponse);
    return res;
  };
  // push() runs in the background: let its promise chain settle.
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  return { sut, feed, logger, open, settle };
}

describe(NotificationStreamsService.name, () => {
  it('opens an event stream with the preamble and what the user missed', async () => {
    const { sut, feed, open } = setup();
    feed.take.mockResolvedValueOnce([item(4)]);
    const res = await open(5);
    expect(res.status).toBe(200);
    expect(res.written).toMatch(/^retry: \d+\n: connected\n\n/);
    expect(res.written).toContain('"id":4');
    expect(sut.size).toBe(1);
  });

  it('ends a stream whose catch-up failed', async () => {
    const { sut, feed, logger, open } = setup();
    feed.take.mockRejectedValueOnce(new Error('database down'));
    const res = await open(5);
    expect(res.writableEnded).toBe(true);
    expect(sut.size).toBe(0);
    expect(logger.warn).toHaveBeenCalled();
  });

  it('pushes to the most recently opened stream of each user only', async () => {
    const { sut, feed, open, settle } = setup();
    const older = await open(5);
    const newer = await open(5);
    feed.takeForUsers.mockResolvedValueOnce(new Map([[5, [item(9)]]]));
    sut.push(9);
    await settle();
    expect(feed.takeForUsers).toHaveBeenCalledWith([5], 9);
    expect(newer.written).toContain('"id":9');
    expect(older.written).not.toContain('"id":9');
  });

  it('ignores a signal for items it already pushed', async () => {
    const { sut, feed, open, settle } = setup();
    await open(5);
    sut.push(9);
    await settle();
    sut.push(8);
    sut.push(9);
    await settle();
    expect(feed.takeForUsers).toHaveBeenCalledTimes(1);
  });

  it('tries a failed push again on the next signal', async () => {
    const { sut, feed, open, settle, logger } = setup();
    await open(5);
    feed.takeForUsers.mockRejectedValueOnce(new Error('database down'));
    sut.push(9);
    await settle();
    expect(logger.warn).toHaveBeenCalled();
    sut.push(9);
    await settle();
    expect(feed.takeForUsers).toHaveBeenCalledTimes(2);
  });

  it('sends heartbeats, ends expired streams and catches up on a missed signal', async () => {
    const { sut, feed, open, settle } = setup();
    const res = await open(5);
    feed.newestId.mockResolvedValueOnce(12);
    await sut.beat();
    await settle();
    expect(res.written.endsWith(SSE_HEARTBEAT)).toBe(true);
    expect(feed.takeForUsers).toHaveBeenCalledWith([5], 12);

    await sut.beat(Date.now() + 2 * STREAM_MAX_AGE_MS);
    expect(res.writableEnded).toBe(true);
    expect(sut.size).toBe(0);
  });

  it('cuts off a client that reads nothing', async () => {
    const { sut, open } = setup();
    const res = await open(5);
    res.writableLength = 1024 * 1024;
    await sut.beat();
    expect(res.writableEnded).toBe(true);
    expect(sut.size).toBe(0);
  });

  it('closes every stream on shutdown', async () => {
    const { sut, open } = setup();
    const a = await open(5);
    const b = await open(6);
    sut.onModuleDestroy();
    expect([a.writableEnded, b.writableEnded]).toEqual([true, true]);
    expect(sut.size).toBe(0);
  });
});
