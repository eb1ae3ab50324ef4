import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { UserDeactivationHook } from '@district/service-kit';
import { SignupsRepository } from '../signups/signups.repository';
import { WaitlistPromotion } from '../waitlist/waitlist-promotion.service';

// Issue 31: a student a roster left out cannot sign in, so the places they held at upcoming
// events go to the next in line, as after a deletion. Past events keep their rows (hours and
// records stay); their waitlist entries stay too and are passed over while they are inactive. A
// later roster brings the account back, not the released places.
@Injectable()
export class VolunteerUserDeactivation implements UserDeactivationHook {
  constructor(
    private readonly signups: SignupsRepository,
    private readonly promotion: WaitlistPromotion,
  ) {}

  async afterUserDeactivated(manager: EntityManager, userId: number): Promise<void> {
    if ((await this.signups.deleteActiveOf(manager, userId)) > 0)
      await this.promotion.promoteWhereRoom(manager);
  }
}
