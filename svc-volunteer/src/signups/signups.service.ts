import {
  ConflictException,
  ForbiddenException,
  Inject,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import { API_MESSAGES, type Opportunity, type SignupEntry } from '@district/contracts';
import { DataSource } from 'typeorm';
import {
  SERVICE_METRICS,
  UNKNOWN_USER_NAME,
  withTransaction,
  type Counter,
  type Identity,
  type ServiceMetrics,
} from '@district/service-kit';
import { OpportunitiesService } from '../opportunities/opportunities.service';
import { WaitlistPromotion } from '../waitlist/waitlist-promotion.service';
import { RemindersService } from '../reminders/reminders.service';
import { SignupsRepository, type SignupState } from './signups.repository';

// Issue 20: what other students receive instead of a hidden signer's name; with the school
// beside it the screen reads "A student from <school>".
export const ANONYMOUS_SIGNER = 'A student';

// Raised by the filled <= spaces CHECK when the trigger's increment would overbook.
const CAPACITY_CONSTRAINT = 'opportunities_filled_within_spaces';

function pgError(error: unknown): { code?: string; constraint?: string } | undefined {
  return error && typeof error === 'object'
    ? (error as { code?: string; constraint?: string })
    : undefined;
}

@Injectable()
export class SignupsService {
  constructor(
    private readonly signups: SignupsRepository,
    private readonly opportunities: OpportunitiesService,
    private readonly waitlist: WaitlistPromotion,
    private readonly dataSource: DataSource,
    private readonly reminders: RemindersService,
    @Inject(SERVICE_METRICS) metrics: ServiceMetrics,
  ) {
    this.refusedFull = metrics.counter({
      name: 'volunteer_signups_refused_full_total',
      help: 'Sign-ups refused because the opportunity was full',
    });
  }

  private readonly refusedFull: Counter;

  private full(): ConflictException {
    this.refusedFull.inc();
    return new ConflictException(API_MESSAGES.opportunityFull);
  }

  // Issue 15.9: peers get what the screen shows (name and school) and whether the entry is the
  // viewer's own; nobody receives another user's id. Issue 20: a student who hid themselves is
  // "A student from <school>" to other students; admins and supervisors see the name, marked.
  async list(opportunityId: number, viewer: Identity): Promise<SignupEntry[]> {
    // One query answers both "does it exist" (a row with null signup) and the list itself.
    const rows = await this.signups.listEntries(opportunityId, viewer.id);
    if (rows.length === 0) throw new NotFoundException(API_MESSAGES.opportunityNotFound);
    const staff = viewer.isAdmin || viewer.isSupervisor;
    return rows
      .filter((row) => row.signupId !== null)
      .map((row) => {
        const mine = row.mine === true;
        const school = row.school ?? '';
        const name = row.name ?? UNKNOWN_USER_NAME;
        if (row.visible !== false || mine) return { name, school, mine };
        if (staff) return { name, school, mine, hidden: true };
        return { name: ANONYMOUS_SIGNER, school, mine, anonymous: true as const };
      });
  }

  opportunityIdsOf(userId: number): Promise<number[]> {
    return this.signups.opportunityIdsOf(userId);
  }

  // A single conditional INSERT: the trigger's increment of `filled` locks the opportunity row
  // and the CHECK (filled <= spaces) refuses the one that would overbook, under any concurrency.
  async signUp(opportunityId: number, user: Identity): Promise<Opportunity> {
    const userId = user.id;
    // A refusal that no longer holds (someone withdrew meanwhile) is retried, not reported.
    for (let attempt = 0; attempt < 3; attempt++) {
      const state = await this.tryInsert(opportunityId, user);
      if (state.inserted) {
        this.opportunities.changed();
        await this.reminders.scheduleFor({ opportunityId, userId });
        return this.opportunities.findOne(opportunityId, userId);
      }
      if (state.signedUp) throw new ConflictException(API_MESSAGES.alreadySignedUp);
      if (state.status !== 'active') throw new ConflictException(API_MESSAGES.opportunityArchived);
      if (state.deletedUser) throw new ForbiddenException();
      if (state.filled >= state.spaces) throw this.full();
    }
    throw this.full();
  }

  // The freed spot goes to the first in line in the same transaction (issue 18).
  async withdraw(opportunityId: number, userId: number): Promise<Opportunity> {
    const withdrawn = await withTransaction(this.dataSource, async (manager) => {
      const signupId = await this.signups.deleteFromActive(manager, opportunityId, userId);
      if (signupId === undefined) return undefined;
      const promoted = await this.waitlist.promoteFromWaitlist(manager, opportunityId);
      return { signupId, promoted };
    });
    if (withdrawn === undefined) {
      const state = await this.state(opportunityId, userId);
      if (!state.signedUp) throw new ConflictException(API_MESSAGES.notSignedUp);
      throw new ConflictException(API_MESSAGES.opportunityArchived);
    }
    await this.reminders.cancelFor(withdrawn.signupId);
    // The students who took the spot get their reminders like any sign-up.
    for (const promotedId of withdrawn.promoted)
      await this.reminders.scheduleFor({ opportunityId, userId: promotedId });
    this.opportunities.changed();
    return this.opportunities.findOne(opportunityId, userId);
  }

  // One round trip: the attempt, and (from the same snapshot) why it did not happen, if it did not.
  private async tryInsert(
    opportunityId: number,
    user: Identity,
  ): Promise<SignupState & { inserted: boolean }> {
    let state: (SignupState & { inserted: boolean }) | undefined;
    try {
      state = await this.signups.tryInsert(opportunityId, user);
    } catch (error) {
      const pg = pgError(error);
      if (pg?.code === '23514' && pg.constraint === CAPACITY_CONSTRAINT) throw this.full();
      // The opportunity was deleted between the SELECT and the foreign-key check.
      if (pg?.code === '23503') throw new NotFoundException(API_MESSAGES.opportunityNotFound);
      throw error;
    }
    if (!state) throw new NotFoundException(API_MESSAGES.opportunityNotFound);
    return state;
  }

  private async state(opportunityId: number, userId: number): Promise<SignupState> {
    const state = await this.signups.state(opportunityId, userId);
    if (!state) throw new NotFoundException(API_MESSAGES.opportunityNotFound);
    return state;
  }
}
