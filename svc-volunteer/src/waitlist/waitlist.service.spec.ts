import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { ConflictException, ForbiddenException, NotFoundException } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import { API_MESSAGES, type Opportunity } from '@district/contracts';
import type { Identity } from '@district/service-kit';
import type { OpportunitiesService } from '../opportunities/opportunities.service';
import type { JoinState, WaitlistRepository } from './waitlist.repository';
import { WaitlistService } from './waitlist.service';

const STUDENT: Identity = { id: 101, isAdmin: false, isSupervisor: false };
const OPPORTUNITY = { id: 7, title: 'Food bank' } as Opportunity;

const full = (overrides: Partial<JoinState> = {}): JoinState => ({
  status: 'active',
  filled: 5,
  spaces: 5,
  signedUp: false,
  waiting: false,
  deletedUser: false,
  ...overrides,
});

describe(WaitlistService.name, () => {
  const manager = { name: 'transaction' } as unknown as EntityManager;
  const plain = { name: 'plain' } as unknown as EntityManager;
  let waitlist: jest.Mocked<
    Pick<WaitlistRepository, 'lockForJoin' | 'insert' | 'delete' | 'exists' | 'places'>
  >;
  let opportunities: jest.Mocked<Pick<OpportunitiesService, 'findOne'>>;
  let dataSource: {
    transaction: jest.Mock<(fn: (m: EntityManager) => unknown) => Promise<unknown>>;
    manager: EntityManager;
  };
  let sut: WaitlistService;

  beforeEach(() => {
    waitlist = {
      lockForJoin: jest.fn(async () => full()),
      insert: jest.fn(async () => undefined),
      delete: jest.fn(async () => true),
      exists: jest.fn(async () => true),
      places: jest.fn(async () => [{ opportunityId: 7, position: 2 }]),
    };
    opportunities = { findOne: jest.fn(async () => OPPORTUNITY) };
    // withTransaction calls dataSource.transaction(fn): the fake runs fn with one manager.
    dataSource = {
      transaction: jest.fn(async (fn: (m: EntityManager) => unknown) => fn(manager)),
      manager: plain,
    };
    sut = new WaitlistService(
      dataSource as unknown as DataSource,
      waitlist as unknown as WaitlistRepository,
      opportunities as unknown as OpportunitiesService,
    );
  });

  describe('join', () => {
    it('joins the line of a full, active opportunity under the row lock', async () => {
      expect(await sut.join(7, STUDENT)).toBe(OPPORTUNITY);
      expect(waitlist.lockForJoin).toHaveBeenCalledWith(manager, 7, STUDENT.id);
      expect(waitlist.insert).toHaveBeenCalledWith(manager, 7, STUDENT);
      expect(opportunities.findOne).toHaveBeenCalledWith(7, STUDENT.id);
    });

    it('changes nothing when the student already waits', async () => {
      waitlist.lockForJoin.mockResolvedValue(full({ waiting: true }));
      expect(await sut.join(7, STUDENT)).toBe(OPPORTUNITY);
      expect(waitlist.insert).not.toHaveBeenCalled();
    });

    it.each([
      ['a missing opportunity', undefined, NotFoundException, API_MESSAGES.opportunityNotFound],
      ['a deleted account', full({ deletedUser: true }), ForbiddenException, undefined],
      [
        'a signed-up student',
        full({ signedUp: true }),
        ConflictException,
        API_MESSAGES.alreadySignedUp,
      ],
      [
        'an archived opportunity',
        full({ status: 'archived' }),
        ConflictException,
        API_MESSAGES.opportunityArchived,
      ],
      ['free spots', full({ filled: 4 }), ConflictException, API_MESSAGES.opportunityNotFull],
    ])('refuses %s', async (_, locked, type, message) => {
      waitlist.lockForJoin.mockResolvedValue(locked);
      const error = await sut.join(7, STUDENT).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(type);
      if (message) expect((error as Error).message).toBe(message);
      expect(waitlist.insert).not.toHaveBeenCalled();
    });
  });

  describe('leave', () => {
    it('leaves the line', async () => {
      expect(await sut.leave(7, STUDENT.id)).toBe(OPPORTUNITY);
      expect(waitlist.delete).toHaveBeenCalledWith(plain, 7, STUDENT.id);
    });

    it('answers 409 when not waiting and 404 for a missing opportunity', async () => {
      waitlist.delete.mockResolvedValue(false);
      await expect(sut.leave(7, STUDENT.id)).rejects.toThrow(API_MESSAGES.notOnWaitlist);
      waitlist.exists.mockResolvedValue(false);
      await expect(sut.leave(7, STUDENT.id)).rejects.toThrow(NotFoundException);
      expect(opportunities.findOne).not.toHaveBeenCalled();
    });
  });

  it("answers the caller's places", async () => {
    expect(await sut.places(STUDENT.id)).toEqual([{ opportunityId: 7, position: 2 }]);
    expect(waitlist.places).toHaveBeenCalledWith(plain, STUDENT.id);
  });
});
