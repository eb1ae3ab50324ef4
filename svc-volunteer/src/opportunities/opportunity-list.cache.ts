import {
  Inject,
  Injectable,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { gzipSync } from 'node:zlib';
import { LOGGER, type Logger } from '@district/service-kit';
import {
  OpportunityChangesRepository,
  type OpportunityChangesListener,
} from './opportunity-changes.repository';

export interface CachedBody {
  json: Buffer;
  // Compressed once per change, on first demand, not per request (nginx would otherwise gzip
  // 60 KB every time).
  gzip?: Buffer;
}

export function gzipOf(body: CachedBody): Buffer {
  body.gzip ??= gzipSync(body.json, { level: 6 });
  return body.gzip;
}

const RECONNECT_MS = 1_000;

// The serialized opportunity lists, shared by every caller. Entries are dropped when PostgreSQL
// announces a committed change (a trigger NOTIFYs at commit), so every replica stays exact; while
// the LISTEN connection is down nothing is cached and every request reads the database.
@Injectable()
export class OpportunityListCache implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly entries = new Map<string, CachedBody>();
  // Bumped on every change notice; a result computed across a bump is not stored.
  private generation = 0;
  private listener?: OpportunityChangesListener;
  private stopped = false;

  constructor(
    private readonly changes: OpportunityChangesRepository,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  get enabled(): boolean {
    return this.listener !== undefined;
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

  get(key: string): CachedBody | undefined {
    return this.enabled ? this.entries.get(key) : undefined;
  }

  // Reads through the cache: `load` runs only on a miss.
  async read(key: string, load: () => Promise<unknown>): Promise<CachedBody> {
    const hit = this.get(key);
    if (hit) return hit;
    const generation = this.generation;
    const body: CachedBody = { json: Buffer.from(JSON.stringify(await load())) };
    if (this.enabled && generation === this.generation) this.entries.set(key, body);
    return body;
  }

  // Also called after this replica's own writes, so its next read never waits for the notice.
  invalidate(): void {
    this.generation++;
    this.entries.clear();
  }

  private async listen(): Promise<void> {
    if (this.stopped) return;
    let listener: OpportunityChangesListener | undefined;
    try {
      listener = await this.changes.listen({
        changed: () => this.invalidate(),
        lost: (error) => {
          if (error)
            this.logger.warn({ err: error }, 'opportunity list cache: LISTEN connection lost');
          if (listener && this.listener === listener) this.dropListener();
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
    this.invalidate();
    this.listener = listener;
  }

  private dropListener(): void {
    this.listener = undefined;
    this.invalidate();
    this.retry();
  }

  private retry(): void {
    if (this.stopped) return;
    setTimeout(() => void this.listen(), RECONNECT_MS).unref();
  }
}
