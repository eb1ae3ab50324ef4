import {
  ConflictException,
  ForbiddenException,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  API_MESSAGES,
  type Opportunity,
  type OpportunityStatus,
  type SignupEntry,
} from '@district/contracts';
import { queryRows, type Identity } from '@district/service-kit';
import { OpportunitiesService } from '../opportunities/opportunities.service';
import { provisionalUserCte, provisionalUserParams } from '../users-replica/provisional-user.util';
import { UNKNOWN_USER_NAME } from '../users-replica/unknown-user.constant';

interface SignupState {
  status: OpportunityStatus;
  filled: number;
  spaces: number;
  signedUp: boolean;
  deletedUser: boolean;
}

// Where an opportunity stands for one user ($1 opportunity, $2 user).
const STATE_COLUMNS = `o."status", o."filled", o."spaces",
  EXISTS (SELECT 1 FROM "signups" s WHERE s."opportunity_id" = o."id" AND s."user_id" = $2) AS "signedUp",
  EXISTS (SELECT 1 FROM "users" u WHERE u."id" = $2 AND u."deleted") AS "deletedUser"`;

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
    private readonly dataSource: DataSource,
    private readonly opportunities: OpportunitiesService,
  ) {}

  // Issue 15.9: peers get what the screen shows (name and school) and whether the entry is the
  // viewer's own; nobody receives another user's id.
  async list(opportunityId: number, viewerId: number): Promise<SignupEntry[]> {
    // One query answers both "does it exist" (a row with null signup) and the list itself.
    const rows = await queryRows<{
      signupId: number | null;
      mine: boolean | null;
      name: string | null;
      school: string | null;
    }>(
      this.dataSource,
      `SELECT s."id" AS "signupId", s."user_id" = $2 AS "mine", u."name", u."school"
         FROM "opportunities" o
         LEFT JOIN "signups" s ON s."opportunity_id" = o."id"
         LEFT JOIN "users" u ON u."id" = s."user_id"
        WHERE o."id" = $1
        ORDER BY s."created_at", s."id"`,
      [opportunityId, viewerId],
    );
    if (rows.length === 0) throw new NotFoundException(API_MESSAGES.opportunityNotFound);
    return rows
      .filter((row) => row.signupId !== null)
      .map((row) => ({
        name: row.name ?? UNKNOWN_USER_NAME,
        school: row.school ?? '',
        mine: row.mine === true,
      }));
  }

  async opportunityIdsOf(userId: number): Promise<number[]> {
    const rows = await queryRows<{ id: number }>(
      this.dataSource,
      `SELECT s."opportunity_id" AS "id" FROM "signups" s WHERE s."user_id" = $1 ORDER BY 1`,
      [userId],
    );
    return rows.map((row) => row.id);
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
        return this.opportunities.findOne(opportunityId, userId);
      }
      if (state.signedUp) throw new ConflictException(API_MESSAGES.alreadySignedUp);
      if (state.status !== 'active') throw new ConflictException(API_MESSAGES.opportunityArchived);
      if (state.deletedUser) throw new ForbiddenException();
      if (state.filled >= state.spaces) throw new ConflictException(API_MESSAGES.opportunityFull);
    }
    throw new ConflictException(API_MESSAGES.opportunityFull);
  }

  async withdraw(opportunityId: number, userId: number): Promise<Opportunity> {
    const rows: unknown[] = await queryRows(
      this.dataSource,
      `DELETE FROM "signups" s USING "opportunities" o
        WHERE s."opportunity_id" = $1 AND s."user_id" = $2
          AND o."id" = s."opportunity_id" AND o."status" = 'active'
        RETURNING s."id"`,
      [opportunityId, userId],
    );
    if (rows.length === 0) {
      const state = await this.state(opportunityId, userId);
      if (!state.signedUp) throw new ConflictException(API_MESSAGES.notSignedUp);
      throw new ConflictException(API_MESSAGES.opportunityArchived);
    }
    this.opportunities.changed();
    return this.opportunities.findOne(opportunityId, userId);
  }

  // One round trip: the attempt, and (from the same snapshot) why it did not happen, if it did not.
  private async tryInsert(
    opportunityId: number,
    user: Identity,
  ): Promise<SignupState & { inserted: boolean }> {
    let rows: Array<SignupState & { inserted: boolean }>;
    try {
      // The WHERE is only a cheap early refusal from the statement's snapshot; the CHECK decides.
      rows = await queryRows(
        this.dataSource,
        `WITH known AS (${provisionalUserCte('$2', '$3', '$4')}),
         ins AS (
           INSERT INTO "signups" ("opportunity_id", "user_id")
           SELECT o."id", $2 FROM "opportunities" o
            WHERE o."id" = $1 AND o."status" = 'active' AND o."filled" < o."spaces"
              AND NOT EXISTS (SELECT 1 FROM "users" u WHERE u."id" = $2 AND u."deleted")
           ON CONFLICT ("opportunity_id", "user_id") DO NOTHING
           RETURNING "id")
         SELECT EXISTS (SELECT 1 FROM ins) AS "inserted", ${STATE_COLUMNS}
           FROM "opportunities" o WHERE o."id" = $1`,
        [opportunityId, user.id, ...provisionalUserParams(user)],
      );
    } catch (error) {
      const pg = pgError(error);
      if (pg?.code === '23514' && pg.constraint === CAPACITY_CONSTRAINT) {
        throw new ConflictException(API_MESSAGES.opportunityFull);
      }
      // The opportunity was deleted between the SELECT and the foreign-key check.
      if (pg?.code === '23503') throw new NotFoundException(API_MESSAGES.opportunityNotFound);
      throw error;
    }
    if (rows.length === 0) throw new NotFoundException(API_MESSAGES.opportunityNotFound);
    return rows[0];
  }

  private async state(opportunityId: number, userId: number): Promise<SignupState> {
    const rows: SignupState[] = await queryRows(
      this.dataSource,
      `SELECT ${STATE_COLUMNS} FROM "opportunities" o WHERE o."id" = $1`,
      [opportunityId, userId],
    );
    if (rows.length === 0) throw new NotFoundException(API_MESSAGES.opportunityNotFound);
    return rows[0];
  }
}
