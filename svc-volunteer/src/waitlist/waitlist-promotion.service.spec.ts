import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { EntityManager } from 'typeorm';
import { APP_ROUTES, EVENT_TYPES } from '@district/contracts';
import type { OutboxService } from '@district/service-kit';
import type { LockedOpportunity, WaitlistRepository } from './waitlist.repository';
import { WAITLIST_PROMOTED, WaitlistPromotion } from './waitlist-promotion.service';

const locked = (overrides: Partial<LockedOpportunity> = {}): LockedOpportunity => ({
  title: 'Food bank',
  status: 'active',
  filled: 4,
  spaces: 5,
  ...overrides,
});

describe(WaitlistPromotion.name, () => {
  const manager = {} as EntityManager;
  let waitlist: jest.Mocked<
    Pick<
      WaitlistRepository,
      'lockOpportunity' | 'takeFirst' | 'insertSignup' | 'opportunitiesWithRoom'
    >
  >;
  let outbox: jest.Mocked<Pick<OutboxService, 'add'>>;
  let line: number[];
  let sut: WaitlistPromotion;

  beforeEach(() => {
    line = [201, 202, 203];
    waitlist = {
      lockOpportunity: jest.fn(async () => locked()),
      takeFirst: jest.fn(async () => line.shift()),
      insertSignup: jest.fn(async () => true),
      opportunitiesWithRoom: jest.fn(async () => []),
    };
    outbox = { add: jest.fn(async () => undefined) } as never;
    sut = new WaitlistPromotion(
      waitlist as unknown as WaitlistRepository,
      outbox as unknown as OutboxService,
    );
  });

  it('gives each free spot to the next in line, telling each student (toast and e-mail)', async () => {
    waitlist.lockOpportunity.mockResolvedValue(locked({ filled: 3 }));
    expect(await sut.promoteFromWaitlist(manager, 7)).toEqual([201, 202]);
    expect(line).toEqual([203]);
    expect(waitlist.lockOpportunity).toHaveBeenCalledWith(manager, 7);
    expect(outbox.add).toHaveBeenCalledTimes(2);
    expect(outbox.add).toHaveBeenCalledWith(
      manager,
      EVENT_TYPES.notificationRequested,
      expect.objectContaining({
        userIds: [201],
        kind: WAITLIST_PROMOTED,
        path: APP_ROUTES.volunteer,
        opportunityId: 7,
        email: true,
      }),
    );
  });

  it('passes over a student who cannot take the spot, keeping it for the next', async () => {
    waitlist.insertSignup.mockResolvedValueOnce(false);
    expect(await sut.promoteFromWaitlist(manager, 7)).toEqual([202]);
    expect(outbox.add).toHaveBeenCalledTimes(1);
  });

  it('promotes nobody on a full, archived or missing opportunity, or an empty line', async () => {
    for (const state of [locked({ filled: 5 }), locked({ status: 'archived' }), undefined]) {
      waitlist.lockOpportunity.mockResolvedValueOnce(state);
      expect(await sut.promoteFromWaitlist(manager, 7)).toEqual([]);
    }
    line = [];
    expect(await sut.promoteFromWaitlist(manager, 7)).toEqual([]);
    expect(waitlist.insertSignup).not.toHaveBeenCalled();
    expect(outbox.add).not.toHaveBeenCalled();
  });

  it('sweeps every opportunity with room, in the order given', async () => {
    waitlist.opportunitiesWithRoom.mockResolvedValue([7, 8]);
    expect(await sut.promoteWhereRoom(manager)).toEqual([201, 202]);
    expect(waitlist.lockOpportunity.mock.calls.map(([, id]) => id)).toEqual([7, 8]);
  });
});
