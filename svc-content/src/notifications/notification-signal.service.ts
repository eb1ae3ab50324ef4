import { Inject, Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { DataSource, type EntityManager, type QueryRunner } from 'typeorm';
import {
  createRedis,
  InjectRedis,
  LOGGER,
  logRedisOutages,
  SERVICE_CONFIG,
  type Logger,
  type Redis,
  type ServiceConfig,
} from '@district/service-kit';

export type NewItemListener = (itemId: number) => void;

// Redis pub/sub between svc-content instances: "feed items up to this id are committed". The
// instance that consumed the event publishes once its transaction has committed; every instance
// (itself included) then hands the items to the users connected to it. The message is only a
// wake-up: the items and cursors are read from PostgreSQL, so a lost message delays a push
// (until the streams' periodic check) but never loses or repeats an item.
@Injectable()
export class NotificationSignalService implements OnModuleInit, OnModuleDestroy {
  private subscriber?: Redis;
  private readonly listeners = new Set<NewItemListener>();
  // Items inserted by a transaction that has not finished yet, by its query runner.
  private readonly pending = new WeakMap<QueryRunner, number[]>();
  readonly channel: string;

  constructor(
    private readonly dataSource: DataSource,
    @InjectRedis() private readonly redis: Redis,
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.channel = `${config.BULLMQ_PREFIX}:notifications:new-item`;
  }

  onModuleInit(): void {
    // TypeORM tells subscribers about every commit and rollback of the DataSource's query
    // runners, which is how a handler's insert is announced only once it is visible to others.
    this.dataSource.subscribers.push({
      afterTransactionCommit: ({ queryRunner }) => {
        const ids = this.pending.get(queryRunner);
        // A released savepoint is not the commit.
        if (!ids || queryRunner.isTransactionActive) return;
        this.pending.delete(queryRunner);
        this.publish(Math.max(...ids));
      },
      afterTransactionRollback: ({ queryRunner }) => {
        if (!queryRunner.isTransactionActive) this.pending.delete(queryRunner);
      },
    });

    // A subscribed connection serves nothing else; ioredis subscribes again after a reconnect.
    const subscriber = createRedis(this.config.REDIS_URL, { maxRetriesPerRequest: null });
    logRedisOutages(subscriber, this.logger, 'notifications subscriber');
    subscriber.on('message', (channel: string, message: string) => {
      const id = Number(message);
      if (channel !== this.channel || !Number.isSafeInteger(id)) return;
      for (const listener of this.listeners) listener(id);
    });
    subscriber.subscribe(this.channel).catch((error: unknown) => {
      this.logger.warn({ err: error }, 'notifications subscriber could not subscribe yet');
    });
    this.subscriber = subscriber;
  }

  onModuleDestroy(): void {
    this.subscriber?.disconnect();
    this.subscriber = undefined;
  }

  onNewItem(listener: NewItemListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  // Called inside the consumer's transaction: announce the item once (and only if) it commits.
  afterCommit(manager: EntityManager, itemId: number): void {
    const runner = manager.queryRunner;
    if (!runner?.isTransactionActive) {
      this.publish(itemId);
      return;
    }
    const ids = this.pending.get(runner) ?? [];
    ids.push(itemId);
    this.pending.set(runner, ids);
  }

  publish(itemId: number): void {
    this.redis.publish(this.channel, String(itemId)).catch((error: unknown) => {
      // Not fatal: instances also look for new items on their heartbeat.
      this.logger.warn({ err: error, itemId }, 'could not announce a notification');
    });
  }
}
