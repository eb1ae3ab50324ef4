import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { UserDeletionHook } from '@district/service-kit';
import { WaitlistPromotion } from './waitlist-promotion.service';

// The users replica's deletion path (user.deleted) calls this after the student's sign-ups and
// waitlist entries are gone, in the same transaction: the spots they held go to the next in line.
@Injectable()
export class WaitlistUserDeletion implements UserDeletionHook {
  constructor(private readonly promotion: WaitlistPromotion) {}

  async afterUserDeleted(manager: EntityManager): Promise<void> {
    await this.promotion.promoteWhereRoom(manager);
  }
}
