import { describe, expect, it, jest } from '@jest/globals';
import type { DataSource, EntityManager } from 'typeorm';
import type { AuditService, Logger } from '@district/service-kit';
import type { BackupRepository } from './backup.repository';
import { BackupService } from './backup.service';

const admin = { id: 1, isAdmin: true, isSupervisor: false };

// withTransaction's contract: commit once the callback resolves, roll back when it throws.
function setup(options: { batches?: string[][]; openError?: Error } = {}) {
  const events: string[] = [];
  const manager = {} as EntityManager;
  const dataSource = {
    transaction: jest.fn(async (fn: (m: EntityManager) => Promise<unknown>) => {
      try {
        const result = await fn(manager);
        events.push('commit');
        return result;
      } catch (error) {
        events.push('rollback');
        throw error;
      }
    }),
  };
  const batches = [...(options.batches ?? [['{"id":1}', '{"id":2}'], []])];
  const backup: jest.Mocked<Pick<BackupRepository, 'openUsersCursor' | 'fetchUsers'>> = {
    openUsersCursor: jest.fn(async () => {
      if (options.openError) throw options.openError;
    }),
    fetchUsers: jest.fn(async () => batches.shift() ?? []),
  };
  const audit: jest.Mocked<Pick<AuditService, 'record' | 'recordFailure'>> = {
    record: jest.fn(async () => {
      events.push('audit success');
      return 'record-id';
    }),
    recordFailure: jest.fn(async () => {
      events.push('audit failure');
    }),
  } as never;
  const sut = new BackupService(
    dataSource as unknown as DataSource,
    backup as unknown as BackupRepository,
    audit as unknown as AuditService,
    { info: jest.fn(), error: jest.fn() } as unknown as Logger,
  );
  return { sut, audit, events };
}

describe(BackupService.name, () => {
  it('streams every row as one JSON array and commits before the closing bracket', async () => {
    const { sut, events, audit } = setup();
    const stream = await sut.open(admin);
    let text = '';
    for await (const piece of stream) {
      if (piece === '\n]\n') events.push('last piece');
      text += piece as string;
    }
    expect(JSON.parse(text)).toEqual([{ id: 1 }, { id: 2 }]);
    expect(events.indexOf('commit')).toBeLessThan(events.indexOf('last piece'));
    expect(audit.record).toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({ actorId: 1, action: 'users.backup', outcome: 'success' }),
    );
    expect(audit.recordFailure).not.toHaveBeenCalled();
  });

  it('a download cut off midway rolls back and leaves a failure record', async () => {
    // More batches than the stream reads ahead (8 pieces).
    const batches = Array.from({ length: 30 }, (_, i) => [`{"id":${i}}`]);
    const { sut, events, audit } = setup({ batches });
    const stream = await sut.open(admin);
    const reader = stream[Symbol.asyncIterator]();
    await reader.next();
    await reader.return?.();
    await new Promise((resolve) => setImmediate(resolve));
    expect(events).toContain('rollback');
    expect(events).not.toContain('commit');
    expect(audit.recordFailure).toHaveBeenCalledWith(
      expect.objectContaining({
        action: 'users.backup',
        detail: { reason: 'the download ended before the last row' },
      }),
    );
  });

  it('a failure to start is an error before any byte, with a failure record', async () => {
    const { sut, audit } = setup({ openError: new Error('database down') });
    await expect(sut.open(admin)).rejects.toThrow('database down');
    expect(audit.recordFailure).toHaveBeenCalledWith(
      expect.objectContaining({ detail: { reason: 'the backup could not be started' } }),
    );
  });
});
