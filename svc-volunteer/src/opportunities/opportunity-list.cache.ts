import {
  Inject,
  Injectable,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { ListCache, LOGGER, type ListCacheSignal, type Logger } from '@district/service-kit';
import {
  OpportunityChangesRepository,
  type OpportunityChangesListener,
} from './opportunity-changes.repository';

const RECONNECT_MS = 1_000;

// PostgreSQL's word that an opportunity changed: a trigger NOTIFYs at commit, so every replica's
// cache drops its lists at once. While the LISTEN connection is down the signal is not live and
// the cache stores nothing (every request reads the database); it reconnects by itself.
@Injectable()
export class OpportunityChangesSignal
  implements ListCacheSignal, OnApplicationBootstrap, BeforeApplicationShutdown
{
  private readonly subscribers = new Set<() => void>();
  private listener?: OpportunityChangesListener;
  private stopped = false;

  constructor(
    private readonly changes: OpportunityChangesRepository,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  get live(): boolean {
    return this.listener !== undefined;
  }

  subscribe(changed: () => void): () => void {
    this.subscribers.add(changed);
    return () => this.subscribers.delete(changed);
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.listen();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    const listener = this.listener;
    this.listener = undefined;
    await listener?.close();
  }

  private changed(): void {
    for (const subscriber of this.subscribers) subscriber();
  }

  private async listen(): Promise<void> {
    if (this.stopped) return;
    let listener: OpportunityChangesListener | undefined;
    try {
      listener = await this.changes.listen({
        changed: () => this.changed(),
        lost: (error) => {
          if (error)
            this.logger.warn({ err: error }, 'opportunity list cache: LISTEN connection lost');
          if (listener && this.listener === listener) this.drop();
        },
      });
    } catch (error) {
      this.logger.warn({ err: error }, 'opportunity list cache: cannot LISTEN; serving uncached');
      this.retry();
      return;
    }
    if (!listener) return;
    if (this.stopped) return void (await listener.close());
    // Anything committed before LISTEN took effect must not be served from an older entry.
    this.changed();
    this.listener = listener;
  }

  private drop(): void {
    this.listener = undefined;
    this.changed();
    this.retry();
  }

  private retry(): void {
    if (this.stopped) return;
    setTimeout(() => void this.listen(), RECONNECT_MS).unref();
  }
}

// The serialized opportunity lists (the kit's list cache: JSON, gzip bytes and a strong ETag
// per status), shared by every caller and dropped on every change notice. The service also drops
// them after this replica's own writes, so its next read never waits for the notice.
@Injectable()
export class OpportunityListCache extends ListCache implements BeforeApplicationShutdown {
  constructor(signal: OpportunityChangesSignal) {
    super({ name: 'opportunities', signal, keepJson: true });
  }

  beforeApplicationShutdown(): void {
    this.close();
  }
}
