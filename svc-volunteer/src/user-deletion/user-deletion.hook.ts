import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { UserDeletionHook } from '@district/service-kit';
import { PhotoStorage } from '../photos/photo-storage';
import { WaitlistUserDeletion } from '../waitlist/waitlist.handler';

// What svc-volunteer does when a user is deleted, after their rows are gone (the replica's
// deleteWithUser): the spots they held go to the next in line, and (issue 33) the photo files
// they uploaded are removed, not only their rows.
@Injectable()
export class VolunteerUserDeletion implements UserDeletionHook {
  constructor(
    private readonly waitlist: WaitlistUserDeletion,
    private readonly photos: PhotoStorage,
  ) {}

  async afterUserDeleted(manager: EntityManager, userId: number): Promise<void> {
    await this.waitlist.afterUserDeleted(manager);
    await this.photos.removeOwnedBy(userId);
  }
}
