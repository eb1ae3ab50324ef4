import { NotFoundException } from '@nestjs/common';
import { describe, expect, it, jest } from '@jest/globals';
import type { DataSource, EntityManager } from 'typeorm';
import type { OutboxService } from '@district/service-kit';
import type { UserView } from '../users/user-view';
import type { UsersRepository } from '../users/users.repository';
import { PreferencesService } from './preferences.service';

const view = { id: 7, name: 'Ada', language: 'es' } as UserView;

function setup(found = true) {
  const manager = {} as EntityManager;
  const dataSource = {
    transaction: jest.fn(async (fn: (m: EntityManager) => unknown) => fn(manager)),
  };
  const users: jest.Mocked<Pick<UsersRepository, 'setLanguage' | 'findForEvent'>> = {
    setLanguage: jest.fn(async () => found),
    findForEvent: jest.fn(async () => ({ view, active: true })),
  };
  const outbox: jest.Mocked<Pick<OutboxService, 'add'>> = { add: jest.fn(async () => 'event-id') };
  const sut = new PreferencesService(
    dataSource as unknown as DataSource,
    users as unknown as UsersRepository,
    outbox as unknown as OutboxService,
  );
  return { sut, users, outbox, manager };
}

describe(PreferencesService.name, () => {
  it('stores the language and tells the replicas in the same transaction', async () => {
    const { sut, users, outbox, manager } = setup();
    expect(await sut.update({ id: 7 } as never, { language: 'es' })).toBe(view);
    expect(users.setLanguage).toHaveBeenCalledWith(manager, 7, 'es');
    expect(outbox.add).toHaveBeenCalledWith(
      manager,
      'user.updated',
      expect.objectContaining({ id: 7, language: 'es' }),
    );
  });

  it('answers 404 for an account deleted meanwhile and sends no event', async () => {
    const { sut, outbox } = setup(false);
    await expect(sut.update({ id: 7 } as never, { language: 'es' })).rejects.toBeInstanceOf(
      NotFoundException,
    );
    expect(outbox.add).not.toHaveBeenCalled();
  });
});
