import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { OpportunityStatus } from '@district/contracts';
import {
  activeUserId,
  provisionalUserCte,
  provisionalUserParams,
  type Identity,
} from '@district/service-kit';
import { OpportunityEntity } from '../opportunities/opportunity.entity';
import { WaitlistEntryEntity } from './waitlist-entry.entity';

export interface JoinState {
  status: OpportunityStatus;
  filled: number;
  spaces: number;
  signedUp: boolean;
  waiting: boolean;
  deletedUser: boolean;
}

export interface LockedOpportunity {
  title: string;
  status: OpportunityStatus;
  filled: number;
  spaces: number;
}

// Every waitlist query. The line's order is (created_at, id): both are taken while the writer
// holds the opportunity's row lock, so they agree with the order in which people joined.
@Injectable()
export class WaitlistRepository {
  // The opportunity row under FOR NO KEY UPDATE, and where the caller stands. Joining takes the same
  // lock as every sign-up and withdrawal (the filled trigger), so "is it full?" cannot change
  // until the entry is in, and a promotion never misses a committed entry (NO KEY UPDATE: see
  // lockOpportunity).
  async lockForJoin(
    manager: EntityManager,
    opportunityId: number,
    userId: number,
  ): Promise<JoinState | undefined> {
    // raw SQL: FOR NO KEY UPDATE OF with correlated EXISTS columns, on the promotion path (bench/promotion-latency.ts).
    const rows: JoinState[] = await manager.query(
      `SELECT o."status", o."filled", o."spaces",
         EXISTS (SELECT 1 FROM "signups" s WHERE s."opportunity_id" = o."id" AND s."user_id" = $2) AS "signedUp",
         EXISTS (SELECT 1 FROM "waitlist_entries" w WHERE w."opportunity_id" = o."id" AND w."user_id" = $2) AS "waiting",
         EXISTS (SELECT 1 FROM "users" u WHERE u."id" = $2 AND u."deleted") AS "deletedUser"
       FROM "opportunities" o WHERE o."id" = $1 FOR NO KEY UPDATE OF o`,
      [opportunityId, userId],
    );
    return rows[0];
  }

  // The entry, and the provisional replica row (as a sign-up writes it) so a later promotion
  // lists the student by name. A data-modifying CTE: beyond TypeORM's builders.
  async insert(manager: EntityManager, opportunityId: number, user: Identity): Promise<void> {
    // raw SQL: a data-modifying CTE with ON CONFLICT.
    await manager.query(
      `WITH known AS (${provisionalUserCte('$2', '$3', '$4', '$5')})
       INSERT INTO "waitlist_entries" ("opportunity_id", "user_id", "created_at")
       VALUES ($1, $2, clock_timestamp())
       ON CONFLICT ("opportunity_id", "user_id") DO NOTHING`,
      [opportunityId, user.id, ...provisionalUserParams(user)],
    );
  }

  async delete(manager: EntityManager, opportunityId: number, userId: number): Promise<boolean> {
    const result = await manager
      .getRepository(WaitlistEntryEntity)
      .delete({ opportunityId, userId });
    return (result.affected ?? 0) > 0;
  }

  async exists(manager: EntityManager, opportunityId: number): Promise<boolean> {
    return manager.getRepository(OpportunityEntity).existsBy({ id: opportunityId });
  }

  // The caller's places (1 = next in line) in every waitlist they are on.
  places(
    manager: EntityManager,
    userId: number,
  ): Promise<Array<{ opportunityId: number; position: number }>> {
    // raw SQL: a correlated row-value comparison per entry (the place in line).
    return manager.query(
      `SELECT w."opportunity_id" AS "opportunityId",
         (SELECT count(*)::int FROM "waitlist_entries" a
           WHERE a."opportunity_id" = w."opportunity_id"
             AND (a."created_at", a."id") <= (w."created_at", w."id")
             AND ${activeUserId('a."user_id"')}) AS "position"
       FROM "waitlist_entries" w WHERE w."user_id" = $1 ORDER BY w."opportunity_id"`,
      [userId],
    );
  }

  // The row lock every change of `filled` takes (the withdrawal's trigger already holds it).
  // NO KEY UPDATE, as the trigger's UPDATE takes: FOR UPDATE would also wait for the KEY SHARE
  // lock a concurrent sign-up's foreign-key check holds while it waits for ours (a deadlock).
  async lockOpportunity(
    manager: EntityManager,
    opportunityId: number,
  ): Promise<LockedOpportunity | undefined> {
    // raw SQL: FOR NO KEY UPDATE on the promotion path (bench/promotion-latency.ts); see the deadlock note above.
    const rows: LockedOpportunity[] = await manager.query(
      `SELECT "title", "status", "filled", "spaces" FROM "opportunities" WHERE "id" = $1 FOR NO KEY UPDATE`,
      [opportunityId],
    );
    return rows[0];
  }

  // Removes the first in line and answers their user id, or undefined when nobody waits.
  // SKIP LOCKED passes over an entry its owner is deleting right now (leaving the line).
  // Issue 31: a person a roster import deactivated keeps their entry but is passed over.
  async takeFirst(manager: EntityManager, opportunityId: number): Promise<number | undefined> {
    // raw SQL: DELETE ... RETURNING over a FOR UPDATE SKIP LOCKED subquery.
    const rows: Array<{ user_id: number }> = await manager.query(
      // Wrapped in a SELECT: TypeORM answers a bare DELETE as [rows, count].
      `WITH taken AS (
         DELETE FROM "waitlist_entries" WHERE "id" = (
           SELECT "id" FROM "waitlist_entries" WHERE "opportunity_id" = $1
              AND ${activeUserId('"waitlist_entries"."user_id"')}
            ORDER BY "created_at", "id" LIMIT 1 FOR UPDATE SKIP LOCKED)
         RETURNING "user_id")
       SELECT "user_id" FROM taken`,
      [opportunityId],
    );
    return rows[0]?.user_id;
  }

  // The promoted student's sign-up; false when they already have one or their account is gone.
  // The filled trigger and its CHECK still guard capacity.
  async insertSignup(
    manager: EntityManager,
    opportunityId: number,
    userId: number,
  ): Promise<boolean> {
    // raw SQL: INSERT ... SELECT WHERE NOT EXISTS ... ON CONFLICT DO NOTHING RETURNING.
    const rows: unknown[] = await manager.query(
      `INSERT INTO "signups" ("opportunity_id", "user_id")
       SELECT $1, $2 WHERE NOT EXISTS (SELECT 1 FROM "users" u WHERE u."id" = $2 AND u."deleted")
       ON CONFLICT ("opportunity_id", "user_id") DO NOTHING RETURNING "id"`,
      [opportunityId, userId],
    );
    return rows.length > 0;
  }

  // Active opportunities with a free spot and someone waiting, in id order (the order their
  // row locks are taken in, so two sweeps never deadlock).
  opportunitiesWithRoom(manager: EntityManager): Promise<number[]> {
    // raw SQL: correlated EXISTS on the periodic promotion sweep (bench/promotion-latency.ts).
    return manager
      .query(
        `SELECT o."id" FROM "opportunities" o
          WHERE o."status" = 'active' AND o."filled" < o."spaces"
            AND EXISTS (SELECT 1 FROM "waitlist_entries" w
                         WHERE w."opportunity_id" = o."id" AND ${activeUserId('w."user_id"')})
          ORDER BY o."id"`,
      )
      .then((rows: Array<{ id: number }>) => rows.map((row) => row.id));
  }
}
