import { describe, expect, it, jest } from '@jest/globals';
import type { DataSource, EntityManager } from 'typeorm';
import type { Logger, Redis, ServiceConfig } from '@district/service-kit';
import { NotificationSignalService } from './notification-signal.service';

// onModuleInit (the Redis subscriber and the commit hook) needs a Redis server: the
// notifications integration specs cover announcing an item only once its transaction committed.
function setup(publish = jest.fn(async (_channel: string, _message: string) => 1)) {
  const logger = { warn: jest.fn() };
  const sut = new NotificationSignalService(
    { subscribers: [] } as unknown as DataSource,
    { publish } as unknown as Redis,
    { BULLMQ_PREFIX: 'p', REDIS_URL: 'redis://unused' } as ServiceConfig,
    logger as unknown as Logger,
  );
  return { sut, publish, logger };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe(NotificationSignalService.name, () => {
  it('announces an item at once when no transaction is open', () => {
    const { sut, publish } = setup();
    sut.afterCommit({ queryRunner: undefined } as unknown as EntityManager, 7);
    expect(publish).toHaveBeenCalledWith('p:notifications:new-item', '7');
  });

  it('holds an item inserted in an open transaction until that transaction commits', () => {
    const { sut, publish } = setup();
    const manager = { queryRunner: { isTransactionActive: true } } as unknown as EntityManager;
    sut.afterCommit(manager, 7);
    expect(publish).not.toHaveBeenCalled();
  });

  it('only logs an announcement Redis refused (streams also look on their heartbeat)', async () => {
    const { sut, logger } = setup(jest.fn(async () => Promise.reject(new Error('redis down'))));
    sut.publish(7);
    await settle();
    expect(logger.warn).toHaveBeenCalledWith(
      expect.objectContaining({ itemId: 7 }),
      'could not announce a notification',
    );
  });
});
