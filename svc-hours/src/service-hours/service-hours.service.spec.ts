import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  NotFoundException,
  UnauthorizedException,
} from '@nestjs/common';
import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { DataSource, EntityManager } from 'typeorm';
import { EVENT_TYPES, PAGE_SIZE_DEFAULT } from '@district/contracts';
import type { AuditService, Identity, OutboxService } from '@district/service-kit';
import type { HourConfirmationsService } from '../hour-confirmations/hour-confirmations.service';
import type { OpportunitiesReplicaRepository } from '../opportunities-replica/opportunities-replica.repository';
import type { LockedLog, ServiceHoursRepository } from './service-hours.repository';
import type { LogViewRow } from './service-hours-view';
import { ServiceHoursService } from './service-hours.service';

const STUDENT: Identity = { id: 101, isAdmin: false, isSupervisor: false };
const SUPERVISOR: Identity = { id: 201, isAdmin: false, isSupervisor: true };

function row(overrides: Partial<LogViewRow> = {}): LogViewRow {
  return {
    id: 1,
    user_id: STUDENT.id,
    opportunity_id: null,
    hours: '1.5',
    description: 'Sorted cans',
    date: '2025-03-01',
    status: 'pending',
    approved_by: null,
    submitted_at: new Date('2025-03-01T10:00:00Z'),
    user_name: 'Ada Lovelace',
    school_name: 'Jesuit High School',
    source: 'manual',
    possible_duplicate_of: null,
    confirmation_organisation: null,
    confirmation_contact_email: null,
    confirmation_decision: null,
    confirmation_decided_at: null,
    confirmation_comment: null,
    confirmation_mails_sent: null,
    confirmation_expires_at: null,
    rejection_reason: null,
    ...overrides,
  };
}

// The entry as lockForReview hands it over.
function locked(overrides: Partial<LockedLog> = {}): LockedLog {
  return {
    id: 1,
    userId: STUDENT.id,
    status: 'pending',
    source: 'manual',
    approvedBy: null,
    hours: 1.5,
    date: '2025-03-01',
    description: 'Sorted cans',
    opportunityId: null,
    rejectionReason: null,
    ...overrides,
  };
}

const cursorOf = (at: string, id: number) =>
  Buffer.from(JSON.stringify([at, id])).toString('base64url');

describe(ServiceHoursService.name, () => {
  const manager = {} as EntityManager;
  let logs: jest.Mocked<
    Pick<
      ServiceHoursRepository,
      | 'findAll'
      | 'findPage'
      | 'findKeysetPage'
      | 'summarize'
      | 'insertLog'
      | 'findView'
      | 'lockForReview'
      | 'markReviewed'
      | 'reopen'
      | 'resubmit'
    >
  >;
  let outbox: jest.Mocked<Pick<OutboxService, 'add'>>;
  let audit: jest.Mocked<Pick<AuditService, 'record' | 'recordFailure'>>;
  let confirmations: jest.Mocked<Pick<HourConfirmationsService, 'open' | 'mailAfterCommit'>>;
  let opportunities: jest.Mocked<Pick<OpportunitiesReplicaRepository, 'exists'>>;
  let sut: ServiceHoursService;

  beforeEach(() => {
    logs = {
      findAll: jest.fn(async () => [row()]),
      findPage: jest.fn(async () => ({ rows: [row()], total: 1 })),
      findKeysetPage: jest.fn(async () => ({ rows: [], total: 0 })),
      summarize: jest.fn(async () => []),
      insertLog: jest.fn(async () => row()),
      findView: jest.fn(async () => row()),
      lockForReview: jest.fn(async () => locked()),
      markReviewed: jest.fn(async () => undefined),
      reopen: jest.fn(async () => undefined),
      resubmit: jest.fn(async () => undefined),
    };
    outbox = { add: jest.fn(async () => 'event-id') };
    audit = {
      record: jest.fn(async () => 'audit-id'),
      recordFailure: jest.fn(async () => 'audit-id'),
    };
    confirmations = {
      open: jest.fn(async () => 'plain-token'),
      mailAfterCommit: jest.fn(async () => undefined),
    };
    opportunities = { exists: jest.fn(async () => true) };
    // withTransaction calls dataSource.transaction(fn): the fake runs fn with one manager.
    const dataSource = {
      transaction: jest.fn(async (fn: (m: EntityManager) => unknown) => fn(manager)),
    };
    sut = new ServiceHoursService(
      dataSource as unknown as DataSource,
      logs as unknown as ServiceHoursRepository,
      outbox as unknown as OutboxService,
      audit as unknown as AuditService,
      confirmations as unknown as HourConfirmationsService,
      opportunities as unknown as OpportunitiesReplicaRepository,
    );
  });

  describe('list', () => {
    it('shows a student only their own entries whatever the query asks', async () => {
      await sut.list(STUDENT, { mine: false, school: 'Jesuit High School' });
      expect(logs.findAll).toHaveBeenCalledWith(
        expect.objectContaining({ userId: STUDENT.id, school: 'Jesuit High School' }),
      );
    });

    it("shows a supervisor everyone's entries, or only their own with ?mine", async () => {
      await sut.list(SUPERVISOR, { mine: false });
      expect(logs.findAll).toHaveBeenLastCalledWith(expect.objectContaining({ userId: undefined }));
      await sut.list(SUPERVISOR, { mine: true });
      expect(logs.findAll).toHaveBeenLastCalledWith(
        expect.objectContaining({ userId: SUPERVISOR.id }),
      );
    });

    it('answers an offset page with its total when a page is asked', async () => {
      const page = await sut.list(SUPERVISOR, { mine: false, page: 2, pageSize: 10 });
      expect(logs.findPage).toHaveBeenCalledWith(expect.anything(), 2, 10);
      expect(page).toMatchObject({ total: 1, page: 2, pageSize: 10, items: [{ id: 1 }] });
    });

    it('gives a next cursor only when there is one more row than asked', async () => {
      const at = '2025-03-01 10:00:00.123456+00';
      logs.findKeysetPage.mockResolvedValueOnce({
        rows: [
          { ...row({ id: 3 }), cursor_at: at },
          { ...row({ id: 2 }), cursor_at: at },
        ],
        total: 5,
      });
      const page = await sut.list(SUPERVISOR, { mine: false, limit: 1 });
      expect(logs.findKeysetPage).toHaveBeenCalledWith(expect.anything(), 2, undefined);
      expect(page).toMatchObject({ items: [{ id: 3 }], total: 5, nextCursor: cursorOf(at, 3) });

      logs.findKeysetPage.mockResolvedValueOnce({
        rows: [{ ...row({ id: 3 }), cursor_at: at }],
        total: 1,
      });
      expect(await sut.list(SUPERVISOR, { mine: false, limit: 1 })).toMatchObject({
        nextCursor: null,
      });
    });

    it('reads on after a valid cursor', async () => {
      const at = '2025-03-01 10:00:00.5+00';
      await sut.list(SUPERVISOR, { mine: false, cursor: cursorOf(at, 7) });
      expect(logs.findKeysetPage).toHaveBeenCalledWith(expect.anything(), PAGE_SIZE_DEFAULT + 1, {
        at,
        id: 7,
      });
    });

    it.each([
      ['not base64 JSON', 'not-a-cursor'],
      ['a time that is not PostgreSQL text', cursorOf('yesterday', 7)],
      ['an id that is not positive', cursorOf('2025-03-01 10:00:00+00', 0)],
    ])('rejects a cursor that is %s with 400 naming the field', async (_, cursor) => {
      // list() throws before it returns a promise.
      const error = await Promise.resolve()
        .then(() => sut.list(SUPERVISOR, { mine: false, cursor }))
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(BadRequestException);
      expect((error as BadRequestException).getResponse()).toMatchObject({
        errors: [{ path: 'cursor' }],
      });
      expect(logs.findKeysetPage).not.toHaveBeenCalled();
    });
  });

  describe('summary', () => {
    const totals = {
      total: 2,
      pending: 1,
      approved: 1,
      rejected: 0,
      approved_hours: '1.5',
      pending_hours: '2.0',
      active_students: 1,
    };

    it('splits the overall row from the per-school rows, schools in the district order', async () => {
      logs.summarize.mockResolvedValueOnce([
        { school: 'Other', is_total: 0, ...totals },
        { school: 'Jesuit High School', is_total: 0, ...totals },
        { school: null, is_total: 1, ...totals, total: 4 },
      ]);
      const summary = await sut.summary(SUPERVISOR, { mine: false });
      expect(summary.total).toBe(4);
      expect(summary.approvedHours).toBe(1.5);
      expect(summary.schools).toEqual(['Jesuit High School', 'Other']);
      expect(Object.keys(summary.bySchool)).toHaveLength(2);
    });

    it('narrows the top-level totals to ?school= (zeros for a school without entries)', async () => {
      logs.summarize.mockResolvedValueOnce([
        { school: 'Jesuit High School', is_total: 0, ...totals },
        { school: null, is_total: 1, ...totals, total: 9 },
      ]);
      expect(
        await sut.summary(SUPERVISOR, { mine: false, school: 'Jesuit High School' }),
      ).toMatchObject({ total: 2 });
      logs.summarize.mockResolvedValueOnce([{ school: null, is_total: 1, ...totals }]);
      expect(await sut.summary(SUPERVISOR, { mine: false, school: 'Nowhere' })).toMatchObject({
        total: 0,
        approvedHours: 0,
      });
    });

    it("sums only the student's own entries for a student", async () => {
      await sut.summary(STUDENT, { mine: false });
      expect(logs.summarize).toHaveBeenCalledWith(STUDENT.id);
    });
  });

  describe('create', () => {
    const input = {
      hours: 1.5,
      date: new Date('2025-03-01T00:00:00Z'),
      description: 'Cans',
      organisation: undefined,
    };

    it('stores the calendar day and mails nothing without an organisation', async () => {
      const log = await sut.create(STUDENT, input, 'en');
      expect(logs.insertLog).toHaveBeenCalledWith(
        expect.objectContaining({ userId: STUDENT.id, date: '2025-03-01', opportunityId: null }),
        manager,
      );
      expect(log).toMatchObject({ id: 1, hours: 1.5 });
      expect(confirmations.open).not.toHaveBeenCalled();
      expect(confirmations.mailAfterCommit).not.toHaveBeenCalled();
    });

    it('opens the confirmation in the same transaction and mails it after the commit', async () => {
      await sut.create(
        STUDENT,
        { ...input, organisation: 'Food Bank', contactEmail: 'lead@food.example' },
        'es',
      );
      expect(confirmations.open).toHaveBeenCalledWith(
        manager,
        1,
        'Food Bank',
        'lead@food.example',
        'es',
      );
      expect(confirmations.mailAfterCommit).toHaveBeenCalledWith(1, 'plain-token');
    });

    it('refuses an opportunity the replica does not know with 400 on opportunityId', async () => {
      opportunities.exists.mockResolvedValueOnce(false);
      const error = await sut
        .create(STUDENT, { ...input, opportunityId: 9 }, 'en')
        .catch((e: unknown) => e);
      expect((error as BadRequestException).getResponse()).toMatchObject({
        errors: [{ path: 'opportunityId' }],
      });
      expect(logs.insertLog).not.toHaveBeenCalled();
    });

    it('answers 401 when the author was deleted a moment ago', async () => {
      logs.insertLog.mockResolvedValueOnce(undefined);
      await expect(sut.create(STUDENT, input, 'en')).rejects.toBeInstanceOf(UnauthorizedException);
    });
  });

  describe('review', () => {
    it('approves a pending entry with the credit event and the audit record', async () => {
      logs.findView.mockResolvedValueOnce(row({ status: 'approved', approved_by: SUPERVISOR.id }));
      const log = await sut.review(SUPERVISOR, 1, { status: 'approved' });
      expect(logs.markReviewed).toHaveBeenCalledWith(manager, 1, 'approved', SUPERVISOR.id, null);
      expect(outbox.add).toHaveBeenCalledWith(manager, EVENT_TYPES.hoursApproved, {
        logId: 1,
        userId: STUDENT.id,
        hours: 1.5,
      });
      expect(audit.record).toHaveBeenCalledWith(
        manager,
        expect.objectContaining({
          action: 'hours.approve',
          outcome: 'success',
          detail: expect.objectContaining({ from: 'pending', to: 'approved' }),
        }),
      );
      expect(log.status).toBe('approved');
    });

    it('rejects without a credit event', async () => {
      await sut.review(SUPERVISOR, 1, { status: 'rejected' });
      expect(outbox.add).not.toHaveBeenCalled();
      expect(audit.record).toHaveBeenCalledWith(
        manager,
        expect.objectContaining({ action: 'hours.reject' }),
      );
    });

    it.each([
      ['an unknown entry', null, NotFoundException],
      ['their own entry', locked({ userId: SUPERVISOR.id }), ForbiddenException],
      ['an entry already reviewed', locked({ status: 'approved' }), ConflictException],
    ])('refuses %s and records only the failure', async (_, current, Expected) => {
      logs.lockForReview.mockResolvedValueOnce(current);
      await expect(sut.review(SUPERVISOR, 1, { status: 'approved' })).rejects.toBeInstanceOf(
        Expected,
      );
      expect(logs.markReviewed).not.toHaveBeenCalled();
      expect(outbox.add).not.toHaveBeenCalled();
      expect(audit.record).not.toHaveBeenCalled();
      expect(audit.recordFailure).toHaveBeenCalledWith(
        expect.objectContaining({
          action: 'hours.approve',
          target: { type: 'service-hours', id: 1 },
        }),
      );
    });
  });

  describe('review with a reason (issue 33)', () => {
    it('stores and audits the reason of a rejection', async () => {
      await sut.review(SUPERVISOR, 1, { status: 'rejected', reason: 'Missing details' });
      expect(logs.markReviewed).toHaveBeenCalledWith(
        manager,
        1,
        'rejected',
        SUPERVISOR.id,
        'Missing details',
      );
      expect(audit.record).toHaveBeenCalledWith(
        manager,
        expect.objectContaining({
          action: 'hours.reject',
          detail: expect.objectContaining({ reason: 'Missing details' }),
        }),
      );
    });
  });

  describe('undo (status pending, issue 33)', () => {
    it('returns an approved entry to pending and takes the credit back in the same transaction', async () => {
      logs.lockForReview.mockResolvedValueOnce(
        locked({ status: 'approved', approvedBy: SUPERVISOR.id }),
      );
      await sut.review(SUPERVISOR, 1, { status: 'pending' });
      expect(logs.reopen).toHaveBeenCalledWith(manager, 1);
      expect(outbox.add).toHaveBeenCalledWith(manager, EVENT_TYPES.hoursRevoked, {
        logId: 1,
        userId: STUDENT.id,
      });
      expect(audit.record).toHaveBeenCalledWith(
        manager,
        expect.objectContaining({
          action: 'hours.reopen',
          detail: expect.objectContaining({ from: 'approved', to: 'pending' }),
        }),
      );
    });

    it('returns a rejected entry to pending without any event, the old reason in the audit', async () => {
      logs.lockForReview.mockResolvedValueOnce(
        locked({ status: 'rejected', approvedBy: SUPERVISOR.id, rejectionReason: 'Too vague' }),
      );
      await sut.review(SUPERVISOR, 1, { status: 'pending' });
      expect(logs.reopen).toHaveBeenCalledWith(manager, 1);
      expect(outbox.add).not.toHaveBeenCalled();
      expect(audit.record).toHaveBeenCalledWith(
        manager,
        expect.objectContaining({ detail: expect.objectContaining({ reason: 'Too vague' }) }),
      );
    });

    it.each([
      ['a pending entry', locked()],
      ['an attendance entry', locked({ status: 'approved', source: 'roster' })],
    ])('refuses to undo %s with 409 and records the failure', async (_, current) => {
      logs.lockForReview.mockResolvedValueOnce(current);
      await expect(sut.review(SUPERVISOR, 1, { status: 'pending' })).rejects.toBeInstanceOf(
        ConflictException,
      );
      expect(logs.reopen).not.toHaveBeenCalled();
      expect(outbox.add).not.toHaveBeenCalled();
      expect(audit.recordFailure).toHaveBeenCalledWith(
        expect.objectContaining({ action: 'hours.reopen' }),
      );
    });
  });

  describe('resubmit (issue 33)', () => {
    const correction = {
      hours: 2,
      description: 'Sorted cans at the food bank',
      date: new Date('2025-03-02T00:00:00Z'),
    };

    it("puts the owner's corrected rejected entry back to pending and audits the old reason", async () => {
      logs.lockForReview.mockResolvedValueOnce(
        locked({ status: 'rejected', approvedBy: SUPERVISOR.id, rejectionReason: 'Too vague' }),
      );
      await sut.resubmit(STUDENT, 1, correction);
      expect(logs.resubmit).toHaveBeenCalledWith(manager, 1, {
        hours: 2,
        description: 'Sorted cans at the food bank',
        date: '2025-03-02',
        opportunityId: null,
      });
      expect(audit.record).toHaveBeenCalledWith(
        manager,
        expect.objectContaining({
          action: 'hours.resubmit',
          detail: expect.objectContaining({ reason: 'Too vague' }),
        }),
      );
      expect(outbox.add).not.toHaveBeenCalled();
    });

    it.each([
      ['an unknown entry', null, NotFoundException],
      ["someone else's entry", locked({ userId: 999, status: 'rejected' }), ForbiddenException],
      ['an entry not rejected', locked({ status: 'approved' }), ConflictException],
    ])('refuses %s and records only the failure', async (_, current, Expected) => {
      logs.lockForReview.mockResolvedValueOnce(current);
      await expect(sut.resubmit(STUDENT, 1, correction)).rejects.toBeInstanceOf(Expected);
      expect(logs.resubmit).not.toHaveBeenCalled();
      expect(audit.record).not.toHaveBeenCalled();
      expect(audit.recordFailure).toHaveBeenCalledWith(
        expect.objectContaining({ action: 'hours.resubmit' }),
      );
    });

    it('refuses an opportunity the replica does not know with 400 on opportunityId', async () => {
      opportunities.exists.mockResolvedValueOnce(false);
      await expect(
        sut.resubmit(STUDENT, 1, { ...correction, opportunityId: 9 }),
      ).rejects.toBeInstanceOf(BadRequestException);
      expect(logs.lockForReview).not.toHaveBeenCalled();
    });
  });
});
