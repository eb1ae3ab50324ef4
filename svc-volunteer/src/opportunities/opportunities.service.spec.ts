import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { BadRequestException, ConflictException, NotFoundException } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import { EVENT_TYPES, type CreateOpportunityInput } from '@district/contracts';
import type { AuditService, OutboxService } from '@district/service-kit';
import type { RemindersService } from '../reminders/reminders.service';
import type { WaitlistPromotion } from '../waitlist/waitlist-promotion.service';
import type { OpportunitiesRepository } from './opportunities.repository';
import { OpportunitiesService } from './opportunities.service';
import type { OpportunityChangeNotice } from './opportunity-change-notice';
import type { OpportunityListCache } from './opportunity-list.cache';
import type { OpportunityEntity } from './opportunity.entity';
import type { OpportunityRow } from './opportunity-view';

const ADMIN_ID = 1;
const HOUR = 3_600_000;
const START = new Date('2026-03-14T15:00:00.000Z');

const row = (overrides: Partial<OpportunityRow> = {}): OpportunityRow => ({
  id: 7,
  title: 'Food bank',
  description: 'Sort donations for the week',
  location: 'Metairie',
  date: START,
  endsAt: new Date(START.getTime() + 3 * HOUR),
  spaces: 5,
  filled: 2,
  status: 'active',
  signedUp: false,
  ...overrides,
});

const fieldOf = (error: unknown) =>
  ((error as BadRequestException).getResponse() as { errors: Array<{ path: string }> }).errors[0]
    ?.path;

describe(OpportunitiesService.name, () => {
  const manager = {} as EntityManager;
  let opportunities: jest.Mocked<
    Pick<
      OpportunitiesRepository,
      | 'findOneFor'
      | 'insert'
      | 'insertMany'
      | 'weeklyStarts'
      | 'lockForChange'
      | 'setStatus'
      | 'delete'
      | 'lockForEdit'
      | 'update'
    >
  >;
  let outbox: jest.Mocked<Pick<OutboxService, 'add'>>;
  let audit: jest.Mocked<Pick<AuditService, 'record' | 'recordFailure'>>;
  let cache: jest.Mocked<Pick<OpportunityListCache, 'invalidate'>>;
  let changeNotice: jest.Mocked<Pick<OpportunityChangeNotice, 'announce'>>;
  let waitlist: jest.Mocked<Pick<WaitlistPromotion, 'promoteFromWaitlist'>>;
  let reminders: jest.Mocked<Pick<RemindersService, 'rescheduleOpportunity' | 'scheduleFor'>>;
  let sut: OpportunitiesService;

  beforeEach(() => {
    opportunities = {
      findOneFor: jest.fn(async () => row()),
      insert: jest.fn(async () => row()),
      insertMany: jest.fn(async () => [7, 8]),
      weeklyStarts: jest.fn(async () => [START, new Date(START.getTime() + 168 * HOUR)]),
      lockForChange: jest.fn(async () => ({ status: 'active' as const, title: 'Food bank' })),
      setStatus: jest.fn(async () => undefined),
      delete: jest.fn(async () => 'Food bank'),
      lockForEdit: jest.fn(async () => row() as OpportunityEntity),
      update: jest.fn(async () => undefined),
    } as never;
    outbox = { add: jest.fn(async () => undefined) } as never;
    audit = {
      record: jest.fn(async () => 'audit-id'),
      recordFailure: jest.fn(async () => undefined),
    } as never;
    cache = { invalidate: jest.fn() };
    changeNotice = { announce: jest.fn(async () => undefined) };
    waitlist = { promoteFromWaitlist: jest.fn(async () => []) };
    reminders = {
      rescheduleOpportunity: jest.fn(async () => undefined),
      scheduleFor: jest.fn(async () => undefined),
    } as never;
    // withTransaction calls dataSource.transaction(fn): the fake runs fn with one manager.
    const dataSource = {
      transaction: jest.fn(async (fn: (m: EntityManager) => unknown) => fn(manager)),
    };
    sut = new OpportunitiesService(
      dataSource as unknown as DataSource,
      opportunities as unknown as OpportunitiesRepository,
      outbox as unknown as OutboxService,
      cache as unknown as OpportunityListCache,
      audit as unknown as AuditService,
      changeNotice as unknown as OpportunityChangeNotice,
      waitlist as unknown as WaitlistPromotion,
      reminders as unknown as RemindersService,
    );
  });

  describe('create', () => {
    const input = {
      title: 'Food bank',
      description: 'Sort donations for the week',
      location: 'Metairie',
      date: START,
      spaces: 5,
    } as CreateOpportunityInput;

    it('writes the opportunity with its created event and audit record, then drops the lists', async () => {
      expect(await sut.create(input, ADMIN_ID)).toMatchObject({ id: 7, title: 'Food bank' });
      expect(outbox.add).toHaveBeenCalledWith(
        manager,
        EVENT_TYPES.opportunityCreated,
        expect.objectContaining({ id: 7, announce: true }),
      );
      expect(audit.record).toHaveBeenCalledWith(
        manager,
        expect.objectContaining({ actorId: ADMIN_ID, action: 'opportunity.create' }),
      );
      expect(cache.invalidate).toHaveBeenCalled();
    });

    it('writes a weekly series: every date to svc-hours, the feed announcing the first only', async () => {
      await sut.create({ ...input, repeatWeeks: 2 }, ADMIN_ID);
      const rows = opportunities.insertMany.mock.calls[0][1];
      expect(rows).toHaveLength(2);
      expect(rows[0].seriesId).toBe(rows[1].seriesId);
      expect(
        outbox.add.mock.calls.map(([, , payload]) => (payload as { announce: boolean }).announce),
      ).toEqual([true, false]);
      expect(audit.record).toHaveBeenCalledTimes(2);
    });

    it('answers 400 timeZone for a zone PostgreSQL does not know, writing nothing', async () => {
      opportunities.weeklyStarts.mockRejectedValue(
        Object.assign(new Error('tz'), { code: '22023' }),
      );
      const error = await sut
        .create({ ...input, repeatWeeks: 2, timeZone: 'Mars/Olympus' }, ADMIN_ID)
        .catch((e: unknown) => e);
      expect(fieldOf(error)).toBe('timeZone');
      expect(opportunities.insertMany).not.toHaveBeenCalled();
    });
  });

  describe('setStatus and remove', () => {
    it('archives with the from/to in the audit record', async () => {
      await sut.setStatus(7, 'archived', ADMIN_ID);
      expect(opportunities.setStatus).toHaveBeenCalledWith(manager, 7, 'archived');
      expect(audit.record).toHaveBeenCalledWith(
        manager,
        expect.objectContaining({
          action: 'opportunity.archive',
          detail: { title: 'Food bank', from: 'active', to: 'archived' },
        }),
      );
      expect(cache.invalidate).toHaveBeenCalled();
    });

    it('answers 404 for a missing opportunity and keeps a failure record of the attempt', async () => {
      opportunities.lockForChange.mockResolvedValue(null);
      await expect(sut.setStatus(7, 'active', ADMIN_ID)).rejects.toThrow(NotFoundException);
      opportunities.delete.mockResolvedValue(undefined);
      await expect(sut.remove(7, ADMIN_ID)).rejects.toThrow(NotFoundException);
      expect(audit.recordFailure.mock.calls.map(([entry]) => entry.action)).toEqual([
        'opportunity.reopen',
        'opportunity.delete',
      ]);
      expect(audit.record).not.toHaveBeenCalled();
      expect(outbox.add).not.toHaveBeenCalled();
    });

    it('tells svc-hours of a deletion', async () => {
      await sut.remove(7, ADMIN_ID);
      expect(outbox.add).toHaveBeenCalledWith(manager, EVENT_TYPES.opportunityDeleted, { id: 7 });
    });
  });

  describe('update', () => {
    it('moves the end with the start, tells the signed-up students and reschedules reminders', async () => {
      const later = new Date(START.getTime() + 24 * HOUR);
      await sut.update(7, { date: later }, ADMIN_ID);
      const after = opportunities.update.mock.calls[0][2] as { date: Date; endsAt: Date };
      expect(after.endsAt).toEqual(new Date(later.getTime() + 3 * HOUR));
      expect(outbox.add).toHaveBeenCalledWith(
        manager,
        EVENT_TYPES.opportunityUpdated,
        expect.objectContaining({ id: 7, date: later.toISOString() }),
      );
      expect(changeNotice.announce).toHaveBeenCalled();
      expect(reminders.rescheduleOpportunity).toHaveBeenCalledWith(7);
      expect(cache.invalidate).toHaveBeenCalled();
    });

    it('writes nothing and tells nobody for an edit that changes nothing', async () => {
      await sut.update(7, { title: 'Food bank' }, ADMIN_ID);
      expect(opportunities.update).not.toHaveBeenCalled();
      expect(outbox.add).not.toHaveBeenCalled();
      expect(changeNotice.announce).not.toHaveBeenCalled();
      expect(audit.record).toHaveBeenCalledWith(
        manager,
        expect.objectContaining({ detail: { title: 'Food bank', changed: {} } }),
      );
    });

    it('does not tell the students of a new title', async () => {
      await sut.update(7, { title: 'Food pantry' }, ADMIN_ID);
      expect(opportunities.update).toHaveBeenCalled();
      expect(changeNotice.announce).not.toHaveBeenCalled();
      expect(reminders.rescheduleOpportunity).not.toHaveBeenCalled();
    });

    it('promotes the first in line when spaces are raised, with their reminders', async () => {
      waitlist.promoteFromWaitlist.mockResolvedValue([102]);
      await sut.update(7, { spaces: 6 }, ADMIN_ID);
      expect(waitlist.promoteFromWaitlist).toHaveBeenCalledWith(manager, 7);
      expect(reminders.scheduleFor).toHaveBeenCalledWith({ opportunityId: 7, userId: 102 });
    });

    it('refuses an end before the start (400 endsAt), fewer spaces than sign-ups (409), a missing one (404)', async () => {
      const error = await sut
        .update(7, { endsAt: new Date(START.getTime() - HOUR) }, ADMIN_ID)
        .catch((e: unknown) => e);
      expect(fieldOf(error)).toBe('endsAt');
      await expect(sut.update(7, { spaces: 1 }, ADMIN_ID)).rejects.toThrow(ConflictException);
      opportunities.lockForEdit.mockResolvedValue(null);
      await expect(sut.update(7, { spaces: 9 }, ADMIN_ID)).rejects.toThrow(NotFoundException);
      expect(opportunities.update).not.toHaveBeenCalled();
      expect(audit.recordFailure).toHaveBeenCalledTimes(3);
      expect(cache.invalidate).not.toHaveBeenCalled();
    });
  });
});
