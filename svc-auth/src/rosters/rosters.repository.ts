import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { RosterPerson } from './roster-person.entity';

@Injectable()
export class RostersRepository {
  // The active person the roster holds this e-mail for, locked until the transaction ends so two
  // registrations with one address cannot both claim them. Two people with one address: the
  // first by sourcedId (an import refuses duplicate addresses among active people).
  findActiveByEmail(manager: EntityManager, email: string): Promise<RosterPerson | null> {
    return manager
      .createQueryBuilder(RosterPerson, 'person')
      .where('lower(person.email) = lower(:email)', { email })
      .andWhere('person.active')
      .orderBy('person.sourcedId')
      .setLock('pessimistic_write')
      .getOne();
  }

  async linkAccount(manager: EntityManager, sourcedId: string, userId: number): Promise<void> {
    await manager.update(RosterPerson, { sourcedId }, { userId });
  }
}
