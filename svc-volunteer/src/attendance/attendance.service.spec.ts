import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  NotFoundException,
} from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import { ATTENDANCE_MESSAGES, EVENT_TYPES } from '@district/contracts';
import type { AuditService, Identity, OutboxService } from '@district/service-kit';
import type { VolunteerConfig } from '../volunteer.config';
import type { AttendanceEntity } from './attendance.entity';
import type { AttendanceOpportunity, AttendanceRepository } from './attendance.repository';
import { AttendanceService } from './attendance.service';
import { CheckInCodes } from './check-in-code';

const SECRET = 'check-in-secret-0123456789abcdef0123456789';
const ADMIN: Identity = { id: 1, isAdmin: true, isSupervisor: false };
const STUDENT: Identity = { id: 101, isAdmin: false, isSupervisor: false };
const HOUR = 3_600_000;
const START = new Date('2026-03-14T15:00:00.000Z');
const OPPORTUNITY: AttendanceOpportunity = {
  id: 7,
  title: 'Food bank',
  date: START,
  endsAt: new Date(START.getTime() + 3 * HOUR),
};
const DURING = new Date(START.getTime() + HOUR);

const mark = (attended: boolean) =>
  ({
    opportunityId: 7,
    userId: STUDENT.id,
    attended,
    method: 'roster',
    recordedAt: DURING,
  }) as AttendanceEntity;

const codeAt = (at: Date) => new CheckInCodes(SECRET).current(7, at).code;

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (error: unknown) => error,
  );
}

const fieldOf = (error: unknown) =>
  ((error as BadRequestException).getResponse() as { errors: Array<{ path: string }> }).errors[0]
    ?.path;

describe(AttendanceService.name, () => {
  const manager = {} as EntityManager;
  let attendance: jest.Mocked<
    Pick<
      AttendanceRepository,
      | 'findOpportunity'
      | 'isSignedUp'
      | 'roster'
      | 'record'
      | 'findReceipt'
      | 'addReceipt'
      | 'findMark'
      | 'adminIds'
    >
  >;
  let outbox: jest.Mocked<Pick<OutboxService, 'add'>>;
  let audit: jest.Mocked<Pick<AuditService, 'record'>>;
  let sut: AttendanceService;

  beforeEach(() => {
    attendance = {
      findOpportunity: jest.fn(async () => OPPORTUNITY as never),
      isSignedUp: jest.fn(async () => true),
      roster: jest.fn(async () => []),
      record: jest.fn(async (_m: EntityManager, input) =>
        Object.assign(mark(input.attended), input),
      ),
      findReceipt: jest.fn(async () => null),
      addReceipt: jest.fn(async () => true),
      findMark: jest.fn(async () => mark(true)),
      adminIds: jest.fn(async () => [1, 5]),
    };
    outbox = { add: jest.fn(async () => undefined) } as never;
    audit = { record: jest.fn(async () => 'audit-id') } as never;
    // withTransaction calls dataSource.transaction(fn): the fake runs fn with one manager.
    const dataSource = {
      transaction: jest.fn(async (fn: (m: EntityManager) => unknown) => fn(manager)),
    };
    sut = new AttendanceService(
      dataSource as unknown as DataSource,
      attendance as unknown as AttendanceRepository,
      outbox as unknown as OutboxService,
      audit as unknown as AuditService,
      { CHECK_IN_SECRET: SECRET } as VolunteerConfig,
    );
  });

  describe('mark', () => {
    it('records the mark with its event and audit record in one transaction', async () => {
      const record = await sut.mark(ADMIN, 7, STUDENT.id, false);
      expect(record).toMatchObject({ opportunityId: 7, userId: STUDENT.id, attended: false });
      expect(attendance.record).toHaveBeenCalledWith(manager, {
        opportunityId: 7,
        userId: STUDENT.id,
        attended: false,
        method: 'roster',
        recordedBy: ADMIN.id,
      });
      expect(outbox.add).toHaveBeenCalledWith(
        manager,
        EVENT_TYPES.attendanceRecorded,
        expect.objectContaining({
          opportunityId: 7,
          hours: 3,
          attended: false,
          recordedBy: ADMIN.id,
        }),
      );
      expect(audit.record).toHaveBeenCalledWith(
        manager,
        expect.objectContaining({ actorId: ADMIN.id, action: 'attendance.mark' }),
      );
    });

    it('emits nothing for a mark that changes nothing, answering what is recorded', async () => {
      attendance.record.mockResolvedValue(undefined);
      expect(await sut.mark(ADMIN, 7, STUDENT.id, true)).toMatchObject({ attended: true });
      expect(outbox.add).not.toHaveBeenCalled();
      expect(audit.record).not.toHaveBeenCalled();
    });

    it('answers 404 for a missing opportunity or a student not signed up', async () => {
      attendance.isSignedUp.mockResolvedValue(false);
      await expect(sut.mark(ADMIN, 7, STUDENT.id, true)).rejects.toThrow(
        ATTENDANCE_MESSAGES.studentNotSignedUp,
      );
      attendance.findOpportunity.mockResolvedValue(null);
      await expect(sut.mark(ADMIN, 7, STUDENT.id, true)).rejects.toThrow(NotFoundException);
      expect(attendance.record).not.toHaveBeenCalled();
    });
  });

  describe('currentCode', () => {
    it('gives the code of the moment within the window and 409 outside it', async () => {
      const code = await sut.currentCode(7, DURING);
      expect(code.code).toBe(codeAt(DURING));
      expect(code.periodSeconds).toBe(30);
      await expect(sut.currentCode(7, new Date(START.getTime() - 2 * HOUR))).rejects.toThrow(
        ConflictException,
      );
    });
  });

  describe('checkIn', () => {
    it("checks a signed-up student in with the code of the moment, audited as the student's own", async () => {
      const record = await sut.checkIn(STUDENT, 7, { code: codeAt(DURING) }, DURING);
      expect(record).toMatchObject({ attended: true, method: 'check-in' });
      expect(audit.record).toHaveBeenCalledWith(
        manager,
        expect.objectContaining({ actorId: STUDENT.id, action: 'attendance.check-in' }),
      );
      expect(attendance.addReceipt).not.toHaveBeenCalled();
    });

    it('tells the admins as a live update (no mail), so an open roster shows the check-in', async () => {
      await sut.checkIn(STUDENT, 7, { code: codeAt(DURING) }, DURING);
      expect(outbox.add).toHaveBeenCalledWith(manager, 'notification.requested', {
        userIds: [1, 5],
        kind: 'attendance.checked-in',
        title: OPPORTUNITY.title,
        body: '',
        path: null,
        opportunityId: 7,
        email: false,
      });
      // An admin's own mark updates their roster by itself: no live update then.
      outbox.add.mockClear();
      await sut.mark(ADMIN, 7, STUDENT.id, true);
      expect(outbox.add).not.toHaveBeenCalledWith(
        manager,
        'notification.requested',
        expect.anything(),
      );
    });

    it('refuses a wrong code (400 code), a student not signed up (403), a closed window (409)', async () => {
      const wrong = await rejection(sut.checkIn(STUDENT, 7, { code: '000000x' }, DURING));
      expect(fieldOf(wrong)).toBe('code');
      const late = new Date(OPPORTUNITY.endsAt.getTime() + 2 * HOUR);
      await expect(sut.checkIn(STUDENT, 7, { code: codeAt(late) }, late)).rejects.toThrow(
        ConflictException,
      );
      attendance.isSignedUp.mockResolvedValue(false);
      await expect(sut.checkIn(STUDENT, 7, { code: codeAt(DURING) }, DURING)).rejects.toThrow(
        ForbiddenException,
      );
      expect(attendance.record).not.toHaveBeenCalled();
    });

    it('judges a scan sent later as of its time, and keeps its receipt', async () => {
      const now = new Date(DURING.getTime() + 20 * HOUR);
      const input = {
        code: codeAt(DURING),
        scannedAt: DURING,
        idempotencyKey: 'key-1',
      };
      expect(await sut.checkIn(STUDENT, 7, input, now)).toMatchObject({ attended: true });
      expect(attendance.addReceipt).toHaveBeenCalledWith(manager, {
        idempotencyKey: 'key-1',
        scannedAt: DURING,
        userId: STUDENT.id,
        opportunityId: 7,
      });
    });

    it('answers 400 scannedAt for a scan over the delay old or in the future', async () => {
      const old = new Date(DURING.getTime() - 25 * HOUR);
      const ahead = new Date(DURING.getTime() + 10 * 60_000);
      for (const scannedAt of [old, ahead]) {
        const error = await rejection(
          sut.checkIn(STUDENT, 7, { code: codeAt(DURING), scannedAt }, DURING),
        );
        expect(fieldOf(error)).toBe('scannedAt');
      }
      expect(attendance.record).not.toHaveBeenCalled();
    });

    it('answers a repeated sending with what the first recorded, and 400 for a key of another event', async () => {
      const input = { code: 'stale', idempotencyKey: 'key-1' };
      attendance.findReceipt.mockResolvedValue({ opportunityId: 7 } as never);
      expect(await sut.checkIn(STUDENT, 7, input, DURING)).toMatchObject({ attended: true });
      expect(attendance.record).not.toHaveBeenCalled();
      attendance.findReceipt.mockResolvedValue({ opportunityId: 8 } as never);
      expect(fieldOf(await rejection(sut.checkIn(STUDENT, 7, input, DURING)))).toBe(
        'idempotencyKey',
      );
    });

    it('records nothing when the same key is taken concurrently', async () => {
      attendance.addReceipt.mockResolvedValue(false);
      const input = { code: codeAt(DURING), idempotencyKey: 'key-1' };
      expect(await sut.checkIn(STUDENT, 7, input, DURING)).toMatchObject({ attended: true });
      expect(attendance.record).not.toHaveBeenCalled();
      expect(outbox.add).not.toHaveBeenCalled();
    });
  });
});
