import { BadRequestException, NotFoundException } from '@nestjs/common';
import { describe, expect, it, jest } from '@jest/globals';
import sharp from 'sharp';
import type { DataSource, EntityManager } from 'typeorm';
import type { OutboxService } from '@district/service-kit';
import type { UserView } from '../users/user-view';
import type { UsersRepository } from '../users/users.repository';
import type { AvatarStorage } from './avatar-storage.service';
import { AVATAR_URL_PREFIX, AvatarsService } from './avatars.service';

const view = { id: 7, name: 'Ada' } as UserView;

function setup(changed: { previous: string | null } | undefined) {
  const manager = {} as EntityManager;
  const dataSource = {
    transaction: jest.fn(async (fn: (m: EntityManager) => unknown) => fn(manager)),
  };
  const users: jest.Mocked<Pick<UsersRepository, 'setAvatarUrl' | 'findForEvent'>> = {
    setAvatarUrl: jest.fn(async () => changed),
    findForEvent: jest.fn(async () => ({ view, active: true })),
  };
  const storage: jest.Mocked<Pick<AvatarStorage, 'write' | 'remove' | 'read'>> = {
    write: jest.fn(async () => undefined),
    remove: jest.fn(async () => undefined),
    read: jest.fn(async () => null),
  };
  const outbox: jest.Mocked<Pick<OutboxService, 'add'>> = { add: jest.fn(async () => 'event-id') };
  const sut = new AvatarsService(
    dataSource as unknown as DataSource,
    users as unknown as UsersRepository,
    storage as unknown as AvatarStorage,
    outbox as unknown as OutboxService,
  );
  return { sut, users, storage, outbox };
}

const png = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();

describe(AvatarsService.name, () => {
  it('refuses a file that is not an image as a 400 on the avatar field, storing nothing', async () => {
    const { sut, storage } = setup({ previous: null });
    const error = await sut.replace(7, Buffer.from('not an image')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestException);
    expect(JSON.stringify((error as BadRequestException).getResponse())).toContain('avatar');
    expect(storage.write).not.toHaveBeenCalled();
  });

  it('stores the file, then the URL with its user.updated, and removes the old picture', async () => {
    const { sut, users, storage, outbox } = setup({ previous: `${AVATAR_URL_PREFIX}old.webp` });
    expect(await sut.replace(7, await png())).toBe(view);
    const url = users.setAvatarUrl.mock.calls[0][2];
    expect(url.startsWith(AVATAR_URL_PREFIX)).toBe(true);
    expect(storage.write).toHaveBeenCalledWith(
      url.slice(AVATAR_URL_PREFIX.length),
      expect.any(Buffer),
    );
    expect(outbox.add).toHaveBeenCalledWith(
      expect.anything(),
      'user.updated',
      expect.objectContaining({ id: 7 }),
    );
    expect(storage.remove).toHaveBeenCalledWith('old.webp');
  });

  it('answers 404 and removes the new file when the account went away meanwhile', async () => {
    const { sut, users, storage, outbox } = setup(undefined);
    await expect(sut.replace(7, await png())).rejects.toBeInstanceOf(NotFoundException);
    const url = users.setAvatarUrl.mock.calls[0][2];
    expect(storage.remove).toHaveBeenCalledWith(url.slice(AVATAR_URL_PREFIX.length));
    expect(outbox.add).not.toHaveBeenCalled();
  });
});
