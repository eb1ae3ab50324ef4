import { Injectable, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { API_MESSAGES, VALIDATION } from '@district/contracts';
import {
  fieldError,
  IMAGE_SIZES,
  imageFileName,
  NotAnImageError,
  OutboxService,
  processImage,
  withTransaction,
} from '@district/service-kit';
import { toUserEventPayload, type UserView } from '../users/user-view';
import { UsersRepository } from '../users/users.repository';
import { AvatarStorage } from './avatar-storage.service';

export const AVATAR_URL_PREFIX = '/api/avatars/';

@Injectable()
export class AvatarsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UsersRepository,
    private readonly storage: AvatarStorage,
    private readonly outbox: OutboxService,
  ) {}

  async replace(userId: number, upload: Buffer): Promise<UserView> {
    let processed;
    try {
      processed = await processImage(upload, IMAGE_SIZES.avatar);
    } catch (error) {
      if (error instanceof NotAnImageError) throw fieldError('avatar', VALIDATION.avatarNotImage);
      throw error;
    }
    const file = imageFileName(userId, processed.hash);
    // The file goes first: if the transaction then fails, an unreferenced file is harmless,
    // whereas a committed URL without its file would be a broken picture everywhere.
    await this.storage.write(file, processed.bytes);
    const avatarUrl = `${AVATAR_URL_PREFIX}${file}`;
    let changed: { previous: string | null } | undefined;
    const user = await withTransaction(this.dataSource, async (manager) => {
      changed = await this.users.setAvatarUrl(manager, userId, avatarUrl);
      if (!changed) return undefined;
      const { view: user, active } = (await this.users.findForEvent(userId, manager))!;
      await this.outbox.add(manager, 'user.updated', toUserEventPayload(user, active));
      return user;
    });
    if (!user || !changed) {
      // The account was deleted meanwhile: its picture must not outlive it.
      await this.storage.remove(file).catch(() => undefined);
      throw new NotFoundException(API_MESSAGES.userNotFound);
    }
    const previous = changed.previous;
    if (previous && previous !== avatarUrl && previous.startsWith(AVATAR_URL_PREFIX)) {
      await this.storage.remove(previous.slice(AVATAR_URL_PREFIX.length)).catch(() => undefined);
    }
    return user;
  }

  read(file: string): Promise<Buffer | null> {
    return this.storage.read(file);
  }
}
