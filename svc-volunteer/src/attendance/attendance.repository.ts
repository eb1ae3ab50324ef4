import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { AttendanceMethod } from '@district/contracts';
import { activeReplicaUser, UserReplicaEntity } from '@district/service-kit';
import type { EntityManager, Repository } from 'typeorm';
import { OpportunityEntity } from '../opportunities/opportunity.entity';
import { SignupEntity } from '../signups/signup.entity';
import { AttendanceEntity } from './attendance.entity';
import { CheckInReceiptEntity } from './check-in-receipt.entity';

export interface RosterRow {
  userId: number;
  name: string | null;
  school: string | null;
  attended: boolean | null;
  method: AttendanceMethod | null;
  recordedAt: Date | null;
}

export type AttendanceOpportunity = Pick<OpportunityEntity, 'id' | 'title' | 'date' | 'endsAt'>;

export interface AttendanceMark {
  opportunityId: number;
  userId: number;
  attended: boolean;
  method: AttendanceMethod;
  recordedBy: number | null;
}

@Injectable()
export class AttendanceRepository {
  constructor(
    @InjectRepository(OpportunityEntity)
    private readonly opportunities: Repository<OpportunityEntity>,
    @InjectRepository(SignupEntity) private readonly signups: Repository<SignupEntity>,
  ) {}

  findOpportunity(id: number): Promise<AttendanceOpportunity | null> {
    return this.opportunities.findOne({
      select: { id: true, title: true, date: true, endsAt: true },
      where: { id },
    });
  }

  // Issue 33: the admins (who take attendance), told when a student checks in.
  async adminIds(manager: EntityManager): Promise<number[]> {
    const rows = await manager.getRepository(UserReplicaEntity).find({
      select: { id: true },
      where: { isAdmin: true, deleted: false },
    });
    return rows.map((row) => row.id);
  }

  isSignedUp(opportunityId: number, userId: number): Promise<boolean> {
    return this.signups.existsBy({ opportunityId, userId });
  }

  // Every signed-up user with their attendance (null: not taken yet), by name.
  roster(opportunityId: number): Promise<RosterRow[]> {
    return (
      this.signups
        .createQueryBuilder('s')
        .leftJoin(UserReplicaEntity, 'u', 'u.id = s.userId')
        .leftJoin(
          AttendanceEntity,
          'a',
          'a.opportunityId = s.opportunityId AND a.userId = s.userId',
        )
        .select('s.userId', 'userId')
        .addSelect('u.name', 'name')
        .addSelect('u.school', 'school')
        .addSelect('a.attended', 'attended')
        .addSelect('a.method', 'method')
        .addSelect('a.recordedAt', 'recordedAt')
        .where('s.opportunityId = :opportunityId', { opportunityId })
        // Issue 31: a person a roster import deactivated is not listed (their marks are kept).
        .andWhere(activeReplicaUser('u'))
        .orderBy('u.name')
        .addOrderBy('s.id')
        .getRawMany<RosterRow>()
    );
  }

  // Records the mark unless it says what is already recorded: the row as stored when it changed,
  // undefined when it did not (the caller emits no event then). The conflict clause's row lock
  // serialises concurrent marks of the same student. Raw: TypeORM's upsert cannot make the
  // update conditional or say whether it happened.
  async record(
    manager: EntityManager,
    mark: AttendanceMark,
  ): Promise<AttendanceEntity | undefined> {
    // raw SQL: ON CONFLICT DO UPDATE with a WHERE, telling whether the row changed.
    const rows: Array<{ recorded_at: Date }> = await manager.query(
      `INSERT INTO "attendance" ("opportunity_id", "user_id", "attended", "method", "recorded_by")
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT ("opportunity_id", "user_id") DO UPDATE
         SET "attended" = EXCLUDED."attended", "method" = EXCLUDED."method",
             "recorded_by" = EXCLUDED."recorded_by", "recorded_at" = now()
         WHERE "attendance"."attended" IS DISTINCT FROM EXCLUDED."attended"
       RETURNING "recorded_at"`,
      [mark.opportunityId, mark.userId, mark.attended, mark.method, mark.recordedBy],
    );
    const row = rows[0];
    return row
      ? Object.assign(new AttendanceEntity(), mark, { recordedAt: row.recorded_at })
      : undefined;
  }

  // Issue 34: a check-in sent before with this key (by this user).
  findReceipt(userId: number, idempotencyKey: string): Promise<CheckInReceiptEntity | null> {
    return this.signups.manager
      .getRepository(CheckInReceiptEntity)
      .findOneBy({ userId, idempotencyKey });
  }

  // Stores the key with the check-in it records; false when the same key got there first (a
  // concurrent sending waits on the unique index, then finds it taken).
  async addReceipt(
    manager: EntityManager,
    receipt: Pick<
      CheckInReceiptEntity,
      'userId' | 'idempotencyKey' | 'opportunityId' | 'scannedAt'
    >,
  ): Promise<boolean> {
    // raw SQL: ON CONFLICT DO NOTHING RETURNING tells a replayed receipt from a new one.
    const rows: unknown[] = await manager.query(
      `INSERT INTO "check_in_receipts" ("user_id", "idempotency_key", "opportunity_id", "scanned_at")
       VALUES ($1, $2, $3, $4)
       ON CONFLICT ("user_id", "idempotency_key") DO NOTHING
       RETURNING "id"`,
      [receipt.userId, receipt.idempotencyKey, receipt.opportunityId, receipt.scannedAt],
    );
    return rows.length > 0;
  }

  findMark(opportunityId: number, userId: number): Promise<AttendanceEntity | null> {
    return this.signups.manager
      .getRepository(AttendanceEntity)
      .findOneBy({ opportunityId, userId });
  }
}
