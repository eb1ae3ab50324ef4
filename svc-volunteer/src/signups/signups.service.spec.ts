import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { ConflictException, ForbiddenException, NotFoundException } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import { API_MESSAGES, type Opportunity } from '@district/contracts';
import { UNKNOWN_USER_NAME, type Identity, type ServiceMetrics } from '@district/service-kit';
import type { OpportunitiesService } from '../opportunities/opportunities.service';
import type { RemindersService } from '../reminders/reminders.service';
import type { WaitlistPromotion } from '../waitlist/waitlist-promotion.service';
import type { SignupListRow, SignupState, SignupsRepository } from './signups.repository';
import { ANONYMOUS_SIGNER, SignupsService } from './signups.service';

const STUDENT: Identity = { id: 101, isAdmin: false, isSupervisor: false };
const SUPERVISOR: Identity = { id: 201, isAdmin: false, isSupervisor: true };
const OPPORTUNITY = { id: 7, title: 'Food bank' } as Opportunity;

const state = (overrides: Partial<SignupState> = {}): SignupState => ({
  status: 'active',
  filled: 1,
  spaces: 5,
  signedUp: false,
  deletedUser: false,
  ...overrides,
});

const row = (overrides: Partial<SignupListRow>): SignupListRow =>
  ({
    signupId: 1,
    mine: false,
    name: 'Ada Lovelace',
    school: 'Jesuit High School',
    visible: true,
    ...overrides,
  }) as SignupListRow;

const pgError = (code: string, constraint?: string) =>
  Object.assign(new Error(code), { code, constraint });

describe(SignupsService.name, () => {
  const manager = {} as EntityManager;
  let signups: jest.Mocked<
    Pick<SignupsRepository, 'listEntries' | 'tryInsert' | 'deleteFromActive' | 'state'>
  >;
  let opportunities: jest.Mocked<Pick<OpportunitiesService, 'changed' | 'findOne'>>;
  let waitlist: jest.Mocked<Pick<WaitlistPromotion, 'promoteFromWaitlist'>>;
  let reminders: jest.Mocked<Pick<RemindersService, 'scheduleFor' | 'cancelFor'>>;
  let refusedFull: { inc: jest.Mock<() => void> };
  let dataSource: {
    transaction: jest.Mock<(fn: (m: EntityManager) => unknown) => Promise<unknown>>;
  };
  let sut: SignupsService;

  beforeEach(() => {
    signups = {
      listEntries: jest.fn(async () => []),
      tryInsert: jest.fn(async () => ({ ...state(), inserted: true })),
      deleteFromActive: jest.fn(async () => 55),
      state: jest.fn(async () => state()),
    };
    opportunities = { changed: jest.fn(), findOne: jest.fn(async () => OPPORTUNITY) };
    waitlist = { promoteFromWaitlist: jest.fn(async () => []) };
    reminders = {
      scheduleFor: jest.fn(async () => undefined),
      cancelFor: jest.fn(async () => undefined),
    };
    refusedFull = { inc: jest.fn() };
    const metrics = { counter: () => refusedFull } as unknown as ServiceMetrics;
    // withTransaction calls dataSource.transaction(fn): the fake runs fn with one manager.
    dataSource = { transaction: jest.fn(async (fn: (m: EntityManager) => unknown) => fn(manager)) };
    sut = new SignupsService(
      signups as unknown as SignupsRepository,
      opportunities as unknown as OpportunitiesService,
      waitlist as unknown as WaitlistPromotion,
      dataSource as unknown as DataSource,
      reminders as unknown as RemindersService,
      metrics,
    );
  });

  describe('list', () => {
    it('answers 404 when the opportunity does not exist', async () => {
      await expect(sut.list(7, STUDENT)).rejects.toThrow(NotFoundException);
    });

    it('hides a hidden signer from other students but not from staff, and never from themselves', async () => {
      signups.listEntries.mockResolvedValue([
        row({ signupId: null }),
        row({ visible: false, name: 'Hidden Student' }),
        row({ visible: false, mine: true, name: 'Me' }),
        row({ name: null }),
      ]);
      expect(await sut.list(7, STUDENT)).toEqual([
        { name: ANONYMOUS_SIGNER, school: 'Jesuit High School', mine: false, anonymous: true },
        { name: 'Me', school: 'Jesuit High School', mine: true },
        { name: UNKNOWN_USER_NAME, school: 'Jesuit High School', mine: false },
      ]);
      expect((await sut.list(7, SUPERVISOR))[0]).toEqual({
        name: 'Hidden Student',
        school: 'Jesuit High School',
        mine: false,
        hidden: true,
      });
    });
  });

  describe('signUp', () => {
    it('signs up, drops the cached lists and schedules the reminders', async () => {
      expect(await sut.signUp(7, STUDENT)).toBe(OPPORTUNITY);
      expect(opportunities.changed).toHaveBeenCalled();
      expect(reminders.scheduleFor).toHaveBeenCalledWith({ opportunityId: 7, userId: STUDENT.id });
      expect(opportunities.findOne).toHaveBeenCalledWith(7, STUDENT.id);
    });

    it.each([
      [
        'already signed up',
        state({ signedUp: true }),
        ConflictException,
        API_MESSAGES.alreadySignedUp,
      ],
      [
        'archived',
        state({ status: 'archived' }),
        ConflictException,
        API_MESSAGES.opportunityArchived,
      ],
      ['deleted account', state({ deletedUser: true }), ForbiddenException, undefined],
      ['full', state({ filled: 5 }), ConflictException, API_MESSAGES.opportunityFull],
    ])('refuses when %s, changing nothing', async (_, refused, type, message) => {
      signups.tryInsert.mockResolvedValue({ ...refused, inserted: false });
      const error = await sut.signUp(7, STUDENT).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(type);
      if (message) expect((error as Error).message).toBe(message);
      expect(opportunities.changed).not.toHaveBeenCalled();
      expect(reminders.scheduleFor).not.toHaveBeenCalled();
    });

    it('retries a refusal that no longer holds (a spot freed meanwhile)', async () => {
      signups.tryInsert
        .mockResolvedValueOnce({ ...state({ filled: 4 }), inserted: false })
        .mockResolvedValueOnce({ ...state(), inserted: true });
      expect(await sut.signUp(7, STUDENT)).toBe(OPPORTUNITY);
      expect(signups.tryInsert).toHaveBeenCalledTimes(2);
    });

    it('gives up with 409 full after three unexplained refusals', async () => {
      signups.tryInsert.mockResolvedValue({ ...state({ filled: 4 }), inserted: false });
      await expect(sut.signUp(7, STUDENT)).rejects.toThrow(API_MESSAGES.opportunityFull);
      expect(signups.tryInsert).toHaveBeenCalledTimes(3);
      expect(refusedFull.inc).toHaveBeenCalledTimes(1);
    });

    it('turns the capacity CHECK into 409 full and a vanished opportunity into 404', async () => {
      signups.tryInsert.mockRejectedValueOnce(
        pgError('23514', 'opportunities_filled_within_spaces'),
      );
      await expect(sut.signUp(7, STUDENT)).rejects.toThrow(API_MESSAGES.opportunityFull);
      expect(refusedFull.inc).toHaveBeenCalled();
      signups.tryInsert.mockRejectedValueOnce(pgError('23503'));
      await expect(sut.signUp(7, STUDENT)).rejects.toThrow(NotFoundException);
      signups.tryInsert.mockResolvedValueOnce(undefined);
      await expect(sut.signUp(7, STUDENT)).rejects.toThrow(API_MESSAGES.opportunityNotFound);
      signups.tryInsert.mockRejectedValueOnce(pgError('23514', 'another_check'));
      await expect(sut.signUp(7, STUDENT)).rejects.toThrow('23514');
    });
  });

  describe('withdraw', () => {
    it('frees the spot and promotes in one transaction, then moves the reminders', async () => {
      waitlist.promoteFromWaitlist.mockResolvedValue([102, 103]);
      expect(await sut.withdraw(7, STUDENT.id)).toBe(OPPORTUNITY);
      expect(dataSource.transaction).toHaveBeenCalledTimes(1);
      expect(signups.deleteFromActive).toHaveBeenCalledWith(manager, 7, STUDENT.id);
      expect(waitlist.promoteFromWaitlist).toHaveBeenCalledWith(manager, 7);
      expect(reminders.cancelFor).toHaveBeenCalledWith(55);
      expect(reminders.scheduleFor.mock.calls).toEqual([
        [{ opportunityId: 7, userId: 102 }],
        [{ opportunityId: 7, userId: 103 }],
      ]);
      expect(opportunities.changed).toHaveBeenCalled();
    });

    it('answers 409 not signed up, 409 archived or 404, promoting nobody', async () => {
      signups.deleteFromActive.mockResolvedValue(undefined);
      await expect(sut.withdraw(7, STUDENT.id)).rejects.toThrow(API_MESSAGES.notSignedUp);
      signups.state.mockResolvedValueOnce(state({ signedUp: true, status: 'archived' }));
      await expect(sut.withdraw(7, STUDENT.id)).rejects.toThrow(API_MESSAGES.opportunityArchived);
      signups.state.mockResolvedValueOnce(undefined);
      await expect(sut.withdraw(7, STUDENT.id)).rejects.toThrow(NotFoundException);
      expect(waitlist.promoteFromWaitlist).not.toHaveBeenCalled();
      expect(reminders.cancelFor).not.toHaveBeenCalled();
      expect(opportunities.changed).not.toHaveBeenCalled();
    });
  });
});
