import { describe, expect, it, jest } from '@jest/globals';
import type { AuditPageView, AuditService } from '@district/service-kit';
import type { UsersRepository } from '../users/users.repository';
import { AuditViewService } from './audit-view.service';

function setup(items: Array<{ actorId: number | null }>) {
  const page = {
    items: items.map((item) => ({ ...item })),
    nextCursor: null,
  } as unknown as AuditPageView;
  const audit: jest.Mocked<Pick<AuditService, 'page'>> = { page: jest.fn(async () => page) };
  const users: jest.Mocked<Pick<UsersRepository, 'namesOf'>> = {
    namesOf: jest.fn(async () => new Map([[1, 'Ada Admin']])),
  };
  const sut = new AuditViewService(
    users as unknown as UsersRepository,
    audit as unknown as AuditService,
  );
  return { sut, users };
}

describe(AuditViewService.name, () => {
  it('names each actor with one lookup; operators and deleted users stay null', async () => {
    const { sut, users } = setup([
      { actorId: 1 },
      { actorId: 1 },
      { actorId: null },
      { actorId: 9 },
    ]);
    const page = await sut.page({} as never);
    expect(page.items.map((item) => item.actorName)).toEqual([
      'Ada Admin',
      'Ada Admin',
      null,
      null,
    ]);
    expect(users.namesOf).toHaveBeenCalledTimes(1);
    expect(users.namesOf).toHaveBeenCalledWith([1, 9]);
  });
});
