import { Inject, Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LOGGER, SERVICE_METRICS, type Logger, type ServiceMetrics } from '@district/service-kit';
import type { AnyNotificationItem } from '@district/contracts';
import { NotificationFeedService } from './notification-feed.service';
import { NotificationSignalService } from './notification-signal.service';
import { formatSseItem, SSE_HEARTBEAT, ssePreamble } from './sse-format.util';

const HEARTBEAT_INTERVAL_MS = 25_000;
// Streams are closed (the browser reconnects at once) after about this long, so the session is
// checked again by the gateway: a signed-out or deleted user stops receiving soon after.
export const STREAM_MAX_AGE_MS = 30 * 60_000;
// A client that reads nothing while this much waits in its socket buffer is cut off.
const MAX_BUFFERED_BYTES = 64 * 1024;
// Users per push transaction.
const PUSH_BATCH = 1_000;

function write(res: ServerResponse, text: string): void {
  if (!res.writableEnded && !res.destroyed) res.write(text);
}

// Kept small on purpose (thousands per process): no timer, no closure but the close listener.
interface Stream {
  res: ServerResponse;
  userId: number;
  expiresAt: number;
}

// The open /api/notifications/stream responses of this instance, by user. One shared interval
// sends the heartbeats, closes old streams and looks for items whose Redis signal was missed.
@Injectable()
export class NotificationStreamsService implements OnModuleInit, OnModuleDestroy {
  private readonly byUser = new Map<number, Stream[]>();
  private heartbeat?: NodeJS.Timeout;
  private unsubscribe?: () => void;
  // Highest item id pushed (or found nothing to push for) so far.
  private pushedUpTo = 0;
  private pushTarget = 0;
  private pushing?: Promise<void>;
  private streamCount = 0;

  constructor(
    private readonly feed: NotificationFeedService,
    private readonly signal: NotificationSignalService,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(SERVICE_METRICS) metrics: ServiceMetrics,
  ) {
    const open = metrics.gauge({
      name: 'sse_streams_open',
      help: 'Notification streams (SSE) open on this process',
    });
    metrics.onCollect(() => open.set(this.streamCount));
  }

  get size(): number {
    return this.streamCount;
  }

  onModuleInit(): void {
    this.unsubscribe = this.signal.onNewItem((id) => this.push(id));
    this.heartbeat = setInterval(() => void this.beat(), HEARTBEAT_INTERVAL_MS);
    this.heartbeat.unref();
  }

  onModuleDestroy(): void {
    this.unsubscribe?.();
    clearInterval(this.heartbeat);
    // Open streams would keep the HTTP server from closing; browsers reconnect elsewhere.
    for (const streams of this.byUser.values()) for (const s of streams) s.res.end();
    this.byUser.clear();
    this.streamCount = 0;
  }

  // Takes over a response: registered first (so nothing committed from now on is missed), then
  // what the user has not had yet, then new items as they come. The preamble goes out with the
  // catch-up, so a client that sees it knows its cursor is in place.
  async open(userId: number, req: IncomingMessage, res: ServerResponse): Promise<void> {
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    req.socket.setNoDelay(true);
    req.socket.setKeepAlive(true, HEARTBEAT_INTERVAL_MS);
    // A write racing a disconnect must not become an unhandled 'error' event.
    res.on('error', () => undefined);
    const stream: Stream = {
      res,
      userId,
      // Spread out, so streams opened together do not all reconnect together.
      expiresAt: Date.now() + STREAM_MAX_AGE_MS * (1 + Math.random() / 6),
    };
    this.add(stream);
    res.on('close', () => this.remove(stream));
    try {
      const missed = await this.feed.take(userId);
      write(res, ssePreamble() + missed.map(formatSseItem).join(''));
    } catch (error) {
      this.logger.warn({ err: error, userId }, 'notification stream could not catch up');
      this.remove(stream);
      res.end();
    }
  }

  // Another instance (or this one) committed items up to `itemId`.
  push(itemId: number): void {
    if (itemId <= this.pushTarget) return;
    this.pushTarget = itemId;
    if (this.pushing) return;
    this.pushing = this.drain().finally(() => {
      this.pushing = undefined;
    });
  }

  private async drain(): Promise<void> {
    while (this.pushedUpTo < this.pushTarget) {
      const target = this.pushTarget;
      try {
        await this.deliverUpTo(target);
        this.pushedUpTo = Math.max(this.pushedUpTo, target);
      } catch (error) {
        // The next heartbeat (or signal) tries again; cursors did not move.
        this.logger.warn({ err: error, itemId: target }, 'notification push failed');
        this.pushTarget = this.pushedUpTo;
        return;
      }
    }
  }

  private async deliverUpTo(itemId: number): Promise<void> {
    const users = [...this.byUser.keys()];
    for (let i = 0; i < users.length; i += PUSH_BATCH) {
      const handed = await this.feed.takeForUsers(users.slice(i, i + PUSH_BATCH), itemId);
      for (const [userId, items] of handed) {
        // One delivery per user, as with polling: the most recently opened stream (the tab
        // or browser the user came to last).
        const stream = this.byUser.get(userId)?.at(-1);
        if (stream) this.send(stream, items);
      }
    }
  }

  private send(stream: Stream, items: AnyNotificationItem[]): void {
    write(stream.res, items.map(formatSseItem).join(''));
  }

  // Runs every HEARTBEAT_INTERVAL_MS (public so tests need not wait for it).
  async beat(now = Date.now()): Promise<void> {
    const ending: Stream[] = [];
    for (const streams of this.byUser.values()) {
      for (const stream of streams) {
        const { res } = stream;
        if (stream.expiresAt <= now || res.writableLength > MAX_BUFFERED_BYTES) ending.push(stream);
        else write(res, SSE_HEARTBEAT);
      }
    }
    for (const stream of ending) {
      this.remove(stream);
      stream.res.end();
    }
    if (this.byUser.size === 0) return;
    // Catches up on a signal lost while Redis was away.
    try {
      const newest = await this.feed.newestId();
      if (newest > this.pushedUpTo) this.push(newest);
    } catch (error) {
      this.logger.warn({ err: error }, 'notification check failed');
    }
  }

  private add(stream: Stream): void {
    const streams = this.byUser.get(stream.userId);
    if (streams) streams.push(stream);
    else this.byUser.set(stream.userId, [stream]);
    this.streamCount += 1;
  }

  private remove(stream: Stream): void {
    const streams = this.byUser.get(stream.userId);
    const index = streams?.indexOf(stream) ?? -1;
    if (!streams || index < 0) return;
    streams.splice(index, 1);
    if (streams.length === 0) this.byUser.delete(stream.userId);
    this.streamCount -= 1;
  }
}
