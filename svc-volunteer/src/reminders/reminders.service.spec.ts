import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { Queue } from 'bullmq';
import type { DataSource, EntityManager } from 'typeorm';
import { EVENT_TYPES } from '@district/contracts';
import type { Logger, OutboxService } from '@district/service-kit';
import type { VolunteerConfig } from '../volunteer.config';
import type { ReminderRow, RemindersRepository } from './reminders.repository';
import { REMINDER_JOB, RemindersService, type ReminderJobData } from './reminders.service';

const HOUR = 3_600_000;
const START = new Date('2026-03-14T15:00:00.000Z');

const reminderRow = (overrides: Partial<ReminderRow> = {}): ReminderRow => ({
  signupId: 55,
  userId: 101,
  opportunityId: 7,
  title: 'Food bank',
  location: 'Metairie',
  status: 'active',
  startsAt: START,
  signedUpAt: new Date(START.getTime() - 72 * HOUR),
  todayAt: new Date(START.getTime() - 7 * HOUR),
  sent: [],
  ...overrides,
});

describe(RemindersService.name, () => {
  const manager = {} as EntityManager;
  let reminders: jest.Mocked<
    Pick<
      RemindersRepository,
      'findBySignup' | 'findByOpportunityAndUser' | 'findByOpportunity' | 'markSent'
    >
  >;
  let outbox: jest.Mocked<Pick<OutboxService, 'add'>>;
  let queue: { add: jest.Mock<Queue<ReminderJobData>['add']>; remove: jest.Mock<Queue['remove']> };
  let logger: { warn: jest.Mock<() => void> };
  let sut: RemindersService;

  beforeEach(() => {
    reminders = {
      findBySignup: jest.fn(async () => reminderRow()),
      findByOpportunityAndUser: jest.fn(async () => reminderRow()),
      findByOpportunity: jest.fn(async () => [reminderRow()]),
      markSent: jest.fn(async () => true),
    } as never;
    outbox = { add: jest.fn(async () => undefined) } as never;
    queue = { add: jest.fn(async () => ({}) as never), remove: jest.fn(async () => 1) };
    logger = { warn: jest.fn() };
    const dataSource = {
      transaction: jest.fn(async (fn: (m: EntityManager) => unknown) => fn(manager)),
    };
    sut = new RemindersService(
      dataSource as unknown as DataSource,
      reminders as unknown as RemindersRepository,
      outbox as unknown as OutboxService,
      queue as unknown as Queue<ReminderJobData>,
      { PUBLIC_URL: 'https://volunteer.test', PHOTO_DIR: '/tmp/photos' } as VolunteerConfig,
      logger as unknown as Logger,
    );
  });

  describe('scheduleFor', () => {
    it('queues both reminders of a sign-up under their fixed job ids', async () => {
      await sut.scheduleFor({ opportunityId: 7, userId: 101 });
      expect(queue.add.mock.calls.map(([name, data, opts]) => [name, data, opts?.jobId])).toEqual([
        [REMINDER_JOB, { signupId: 55, kind: 'day-before' }, 'reminder-day-before-55'],
        [REMINDER_JOB, { signupId: 55, kind: 'today' }, 'reminder-today-55'],
      ]);
    });

    it('skips what was sent and archived events, and never throws when Redis refuses', async () => {
      reminders.findBySignup.mockResolvedValueOnce(reminderRow({ sent: ['day-before'] }));
      await sut.scheduleFor({ signupId: 55 });
      expect(queue.add).toHaveBeenCalledTimes(1);
      reminders.findBySignup.mockResolvedValueOnce(reminderRow({ status: 'archived' }));
      await sut.scheduleFor({ signupId: 55 });
      expect(queue.add).toHaveBeenCalledTimes(1);
      queue.add.mockRejectedValue(new Error('redis down'));
      await expect(sut.scheduleFor({ signupId: 55 })).resolves.toBeUndefined();
      expect(logger.warn).toHaveBeenCalled();
    });
  });

  it('moves the jobs of every sign-up when the time changes', async () => {
    await sut.rescheduleOpportunity(7);
    expect(queue.remove.mock.calls.map(([id]) => id)).toEqual([
      'reminder-day-before-55',
      'reminder-today-55',
    ]);
    expect(queue.add).toHaveBeenCalledTimes(2);
  });

  describe('deliver', () => {
    const dayBefore = new Date(START.getTime() - 24 * HOUR);

    it('records and publishes the day-before reminder (by e-mail) once', async () => {
      expect(await sut.deliver(55, 'day-before', dayBefore)).toBe('sent');
      expect(reminders.markSent).toHaveBeenCalledWith(manager, expect.anything(), 'day-before');
      expect(outbox.add).toHaveBeenCalledWith(
        manager,
        EVENT_TYPES.notificationRequested,
        expect.objectContaining({ userIds: [101], opportunityId: 7, email: true }),
      );
      reminders.markSent.mockResolvedValue(false);
      expect(await sut.deliver(55, 'day-before', dayBefore)).toBe('duplicate');
      expect(outbox.add).toHaveBeenCalledTimes(1);
    });

    it('waits again when fired early (the event moved later)', async () => {
      const early = new Date(dayBefore.getTime() - HOUR);
      expect(await sut.deliver(55, 'day-before', early)).toEqual({ notBefore: dayBefore });
      expect(outbox.add).not.toHaveBeenCalled();
    });

    it('drops it for a withdrawn sign-up, an archived or started event', async () => {
      reminders.findBySignup.mockResolvedValueOnce(undefined);
      expect(await sut.deliver(55, 'today', dayBefore)).toBe('dropped');
      reminders.findBySignup.mockResolvedValueOnce(reminderRow({ status: 'archived' }));
      expect(await sut.deliver(55, 'today', dayBefore)).toBe('dropped');
      expect(await sut.deliver(55, 'today', START)).toBe('dropped');
      expect(outbox.add).not.toHaveBeenCalled();
    });
  });
});
