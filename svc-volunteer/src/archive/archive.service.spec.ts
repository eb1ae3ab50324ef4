import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { DataSource, EntityManager } from 'typeorm';
import type { AuditService } from '@district/service-kit';
import type { ArchiveRepository } from './archive.repository';
import { ArchiveService } from './archive.service';

describe(ArchiveService.name, () => {
  const manager = {} as EntityManager;
  let archive: {
    archiveOlderThan: jest.Mock<(m: EntityManager, after: string) => Promise<number[]>>;
  };
  let audit: { record: jest.Mock<(m: EntityManager, entry: unknown) => Promise<string>> };
  let sut: ArchiveService;

  beforeEach(() => {
    archive = { archiveOlderThan: jest.fn(async () => []) };
    audit = { record: jest.fn(async () => 'audit-id') };
    // withTransaction calls dataSource.transaction(fn): the fake runs fn with one manager.
    const dataSource = {
      manager,
      transaction: jest.fn(async (fn: (m: EntityManager) => unknown) => fn(manager)),
    };
    sut = new ArchiveService(
      dataSource as unknown as DataSource,
      archive as unknown as ArchiveRepository,
      audit as unknown as AuditService,
    );
  });

  it('archives what ended over a day ago and records one system audit entry, ids in order', async () => {
    archive.archiveOlderThan.mockResolvedValue([12, 3, 7]);
    expect(await sut.archivePast()).toEqual([3, 7, 12]);
    expect(archive.archiveOlderThan).toHaveBeenCalledWith(manager, '1 day');
    expect(audit.record).toHaveBeenCalledTimes(1);
    expect(audit.record).toHaveBeenCalledWith(manager, {
      actorId: null,
      action: 'opportunity.archive',
      target: { type: 'opportunities' },
      outcome: 'success',
      detail: { ids: [3, 7, 12], by: 'schedule' },
    });
  });

  it('leaves no audit entry when nothing was due', async () => {
    expect(await sut.archivePast()).toEqual([]);
    expect(audit.record).not.toHaveBeenCalled();
  });
});
