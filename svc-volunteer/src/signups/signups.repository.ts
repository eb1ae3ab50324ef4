import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import type { OpportunityStatus } from '@district/contracts';
import {
  activeUserId,
  provisionalUserCte,
  provisionalUserParams,
  UserReplicaEntity,
  type Identity,
} from '@district/service-kit';
import { OpportunityEntity } from '../opportunities/opportunity.entity';
import { SignupEntity } from './signup.entity';

export interface SignupState {
  status: OpportunityStatus;
  filled: number;
  spaces: number;
  signedUp: boolean;
  deletedUser: boolean;
}

export interface SignupListRow {
  signupId: number | null;
  mine: boolean | null;
  name: string | null;
  school: string | null;
  // Issue 20: the signer's directory choice (null: not replicated yet, treated as hidden).
  visible: boolean | null;
}

// Where an opportunity stands for one user ($1 opportunity, $2 user).
const STATE_COLUMNS = `o."status", o."filled", o."spaces",
  EXISTS (SELECT 1 FROM "signups" s WHERE s."opportunity_id" = o."id" AND s."user_id" = $2) AS "signedUp",
  EXISTS (SELECT 1 FROM "users" u WHERE u."id" = $2 AND u."deleted") AS "deletedUser"`;

@Injectable()
export class SignupsRepository {
  constructor(
    @InjectRepository(SignupEntity) private readonly repo: Repository<SignupEntity>,
    @InjectRepository(OpportunityEntity)
    private readonly opportunities: Repository<OpportunityEntity>,
  ) {}

  // One row per signup in sign-up order, or a single row with signupId null when the
  // opportunity has none; no row at all when the opportunity does not exist.
  listEntries(opportunityId: number, viewerId: number): Promise<SignupListRow[]> {
    return (
      this.opportunities
        .createQueryBuilder('o')
        // Issue 31: a person a roster import deactivated is not listed (the sign-up is kept).
        .leftJoin(SignupEntity, 's', `s.opportunityId = o.id AND ${activeUserId('"s"."user_id"')}`)
        .leftJoin(UserReplicaEntity, 'u', 'u.id = s.userId')
        .select('s.id', 'signupId')
        .addSelect('s.userId = :viewerId', 'mine')
        .addSelect('u.name', 'name')
        .addSelect('u.school', 'school')
        // Issue 20: a student waiting for a guardian's consent is hidden like one who chose to be.
        .addSelect('u.directoryVisible AND NOT u.restricted', 'visible')
        .where('o.id = :opportunityId', { opportunityId, viewerId })
        .orderBy('s.createdAt')
        .addOrderBy('s.id')
        .getRawMany<SignupListRow>()
    );
  }

  async opportunityIdsOf(userId: number): Promise<number[]> {
    const rows = await this.repo.find({
      select: { opportunityId: true },
      where: { userId },
      order: { opportunityId: 'ASC' },
    });
    return rows.map((row) => row.opportunityId);
  }

  // Hot path (bench/capacity-race.ts), one round trip: the provisional replica row, the
  // conditional INSERT (the trigger's increment of `filled` locks the opportunity row and the
  // CHECK filled <= spaces refuses the one that would overbook), and, from the same snapshot,
  // why it did not happen if it did not. Data-modifying CTEs are beyond TypeORM's builders.
  // The WHERE is only a cheap early refusal from the statement's snapshot; the CHECK decides.
  async tryInsert(
    opportunityId: number,
    user: Identity,
  ): Promise<(SignupState & { inserted: boolean }) | undefined> {
    // raw SQL: a data-modifying CTE (see above); the sign-up hot path (bench/capacity-race.ts).
    const rows: Array<SignupState & { inserted: boolean }> = await this.repo.query(
      `WITH known AS (${provisionalUserCte('$2', '$3', '$4', '$5')}),
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
    return rows[0];
  }

  // Withdraws only from an active opportunity; the deleted sign-up's id, undefined when nothing
  // was deleted. The trigger's decrement of `filled` holds the opportunity's row lock until the
  // caller's transaction ends.
  async deleteFromActive(
    manager: EntityManager,
    opportunityId: number,
    userId: number,
  ): Promise<number | undefined> {
    const result = await manager
      .getRepository(SignupEntity)
      .createQueryBuilder()
      .delete()
      .where('"opportunity_id" = :opportunityId AND "user_id" = :userId', {
        opportunityId,
        userId,
      })
      .andWhere(
        `EXISTS (SELECT 1 FROM "opportunities" o WHERE o."id" = :opportunityId AND o."status" = 'active')`,
      )
      .returning(['id'])
      .execute();
    return (result.raw as Array<{ id: number }>)[0]?.id;
  }

  // Issue 31: a deactivated student's places at every active (not yet archived) opportunity; how
  // many were released. The trigger's decrement of `filled` frees each place in the caller's
  // transaction.
  async deleteActiveOf(manager: EntityManager, userId: number): Promise<number> {
    const result = await manager
      .getRepository(SignupEntity)
      .createQueryBuilder()
      .delete()
      .where('"user_id" = :userId', { userId })
      .andWhere(
        `"opportunity_id" IN (SELECT o."id" FROM "opportunities" o WHERE o."status" = 'active')`,
      )
      .execute();
    return result.affected ?? 0;
  }

  // Where the opportunity stands for the user, after a refused change.
  state(opportunityId: number, userId: number): Promise<SignupState | undefined> {
    return this.opportunities
      .createQueryBuilder('o')
      .select('o.status', 'status')
      .addSelect('o.filled', 'filled')
      .addSelect('o.spaces', 'spaces')
      .addSelect(
        `EXISTS (SELECT 1 FROM "signups" s WHERE s."opportunity_id" = o."id" AND s."user_id" = :userId)`,
        'signedUp',
      )
      .addSelect(
        `EXISTS (SELECT 1 FROM "users" u WHERE u."id" = :userId AND u."deleted")`,
        'deletedUser',
      )
      .where('o.id = :opportunityId', { opportunityId, userId })
      .getRawOne<SignupState>();
  }
}
