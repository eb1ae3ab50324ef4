import { ForbiddenException, NotFoundException } from '@nestjs/common';
import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { DataSource, EntityManager } from 'typeorm';
import type { ServiceRecordContent } from '@district/contracts';
import type { AuditService, Identity, UserReplicaEntity } from '@district/service-kit';
import type { HoursConfig } from '../hours.config';
import { generateRecordSigningKey, sha256Hex } from './record-signing';
import type { ServiceRecordEntity } from './service-record.entity';
import type { ApprovedEntryRow, ServiceRecordsRepository } from './service-records.repository';
import { ServiceRecordsService } from './service-records.service';

const STUDENT: Identity = { id: 101, isAdmin: false, isSupervisor: false, name: 'Ada Lovelace' };
const ADMIN: Identity = { id: 301, isAdmin: true, isSupervisor: false };
const ENTRIES: ApprovedEntryRow[] = [
  { id: 1, date: '2025-03-01', hours: '0.5', description: 'Food bank' },
  { id: 2, date: '2025-03-02', hours: '2.5', description: 'Library' },
];

describe(ServiceRecordsService.name, () => {
  const manager = {} as EntityManager;
  let records: jest.Mocked<
    Pick<
      ServiceRecordsRepository,
      'findUser' | 'approvedEntries' | 'insert' | 'findByCode' | 'findByPdfHash'
    >
  >;
  let audit: jest.Mocked<Pick<AuditService, 'record'>>;
  let sut: ServiceRecordsService;

  // What the service stored on its last issue, as the repository would hand it back.
  const stored = (): ServiceRecordEntity =>
    ({ id: 1, ...records.insert.mock.calls[0]![1] }) as ServiceRecordEntity;

  beforeEach(() => {
    records = {
      findUser: jest.fn(
        async () =>
          ({
            id: 101,
            name: 'Ada Lovelace',
            schoolName: 'Jesuit High School',
            grade: 9,
          }) as UserReplicaEntity,
      ),
      approvedEntries: jest.fn(async () => ENTRIES),
      insert: jest.fn(async () => undefined),
      findByCode: jest.fn(async () => null),
      findByPdfHash: jest.fn(async () => []),
    };
    audit = { record: jest.fn(async () => 'audit-id') };
    // withTransaction calls dataSource.transaction(fn): the fake runs fn with one manager.
    const dataSource = {
      transaction: jest.fn(async (fn: (m: EntityManager) => unknown) => fn(manager)),
    };
    sut = new ServiceRecordsService(
      records as unknown as ServiceRecordsRepository,
      dataSource as unknown as DataSource,
      audit as unknown as AuditService,
      {
        PUBLIC_URL: 'https://district.test',
        RECORD_SIGNING_KEY: generateRecordSigningKey(),
      } as HoursConfig,
    );
  });

  describe('issue', () => {
    it('signs and stores the record with its audit record in one transaction', async () => {
      const issued = await sut.issue(STUDENT, {}, 'en');
      expect(issued.url).toBe(`https://district.test/verify/${issued.code}`);
      const record = stored();
      expect(records.insert.mock.calls[0]![0]).toBe(manager);
      expect(record.content).toMatchObject({
        code: issued.code,
        name: 'Ada Lovelace',
        school: 'Jesuit High School',
        grade: 9,
        totalHours: 3,
      });
      expect(record.pdfSha256).toBe(sha256Hex(record.pdf));
      expect(audit.record).toHaveBeenCalledWith(
        manager,
        expect.objectContaining({
          actorId: STUDENT.id,
          action: 'record.issue',
          target: { type: 'service-record', id: issued.code },
          detail: expect.objectContaining({ userId: STUDENT.id, totalHours: 3, entries: 2 }),
        }),
      );
    });

    it("refuses a student another student's record (403), lets an admin issue it", async () => {
      await expect(sut.issue(STUDENT, { userId: 102 }, 'en')).rejects.toBeInstanceOf(
        ForbiddenException,
      );
      expect(records.insert).not.toHaveBeenCalled();
      await sut.issue(ADMIN, { userId: 101 }, 'en');
      expect(stored().userId).toBe(101);
    });

    it('names a student not yet in the replica from their token, others not at all (404)', async () => {
      records.findUser.mockResolvedValue(null);
      await sut.issue(STUDENT, {}, 'en');
      expect((stored().content as ServiceRecordContent).name).toBe('Ada Lovelace');
      await expect(sut.issue(ADMIN, { userId: 555 }, 'en')).rejects.toBeInstanceOf(
        NotFoundException,
      );
    });
  });

  describe('get', () => {
    it('verifies a stored record and calls it superseded once the entries change', async () => {
      const { code } = await sut.issue(STUDENT, {}, 'en');
      records.findByCode.mockResolvedValue(stored());
      expect(await sut.get(code, 'en')).toMatchObject({ code, valid: true, status: 'valid' });
      records.approvedEntries.mockResolvedValueOnce(ENTRIES.slice(1));
      expect(await sut.get(code, 'en')).toMatchObject({ valid: false, status: 'superseded' });
    });

    it('answers 404 for a tampered record, as for a malformed or unknown code', async () => {
      const { code } = await sut.issue(STUDENT, {}, 'en');
      const record = stored();
      records.findByCode.mockResolvedValue({
        ...record,
        content: { ...record.content, totalHours: 300 },
      });
      await expect(sut.get(code, 'en')).rejects.toBeInstanceOf(NotFoundException);
      await expect(sut.get('not a code', 'en')).rejects.toBeInstanceOf(NotFoundException);
      expect(records.findByCode).toHaveBeenCalledTimes(1);
    });
  });

  describe('checkPdf', () => {
    it('matches the PDF as issued and nothing else', async () => {
      await sut.issue(STUDENT, {}, 'en');
      const record = stored();
      records.findByPdfHash.mockImplementation(async (hash) =>
        hash === record.pdfSha256 ? [record] : [],
      );
      expect(await sut.checkPdf(record.pdf, 'en')).toMatchObject({ matches: true });
      const changed = Buffer.concat([record.pdf, Buffer.from(' ')]);
      expect(await sut.checkPdf(changed, 'en')).toEqual({ matches: false, record: null });
    });
  });
});
