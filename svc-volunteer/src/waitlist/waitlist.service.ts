import {
  ConflictException,
  ForbiddenException,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
import { API_MESSAGES, type Opportunity, type WaitlistPlace } from '@district/contracts';
import { withTransaction, type Identity } from '@district/service-kit';
import { OpportunitiesService } from '../opportunities/opportunities.service';
import { WaitlistRepository } from './waitlist.repository';

@Injectable()
export class WaitlistService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly waitlist: WaitlistRepository,
    private readonly opportunities: OpportunitiesService,
  ) {}

  // Only a full, active opportunity has a line; joining again changes nothing.
  async join(opportunityId: number, user: Identity): Promise<Opportunity> {
    await withTransaction(this.dataSource, async (manager) => {
      const state = await this.waitlist.lockForJoin(manager, opportunityId, user.id);
      if (!state) throw new NotFoundException(API_MESSAGES.opportunityNotFound);
      if (state.deletedUser) throw new ForbiddenException();
      if (state.signedUp) throw new ConflictException(API_MESSAGES.alreadySignedUp);
      if (state.status !== 'active') throw new ConflictException(API_MESSAGES.opportunityArchived);
      if (state.waiting) return;
      if (state.filled < state.spaces) throw new ConflictException(API_MESSAGES.opportunityNotFull);
      await this.waitlist.insert(manager, opportunityId, user);
    });
    return this.opportunities.findOne(opportunityId, user.id);
  }

  // Leaving frees no spot, so nobody is promoted.
  async leave(opportunityId: number, userId: number): Promise<Opportunity> {
    const manager = this.dataSource.manager;
    if (!(await this.waitlist.delete(manager, opportunityId, userId))) {
      if (!(await this.waitlist.exists(manager, opportunityId)))
        throw new NotFoundException(API_MESSAGES.opportunityNotFound);
      throw new ConflictException(API_MESSAGES.notOnWaitlist);
    }
    return this.opportunities.findOne(opportunityId, userId);
  }

  places(userId: number): Promise<WaitlistPlace[]> {
    return this.waitlist.places(this.dataSource.manager, userId);
  }
}
