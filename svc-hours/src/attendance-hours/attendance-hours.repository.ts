import { Injectable } from '@nestjs/common';
import type { AttendanceMethod } from '@district/contracts';
import type { EntityManager } from 'typeorm';
import { ServiceHoursLogEntity } from '../service-hours/service-hours-log.entity';

export interface AttendanceLog {
  userId: number;
  opportunityId: number;
  hours: number;
  description: string;
  // A calendar day, YYYY-MM-DD.
  date: string;
  approvedBy: number | null;
  source: AttendanceMethod;
}

@Injectable()
export class AttendanceHoursRepository {
  // The new entry's id, or undefined when the (user, opportunity) already has one or the user's
  // replica row is a tombstone.
  async insertApproved(manager: EntityManager, log: AttendanceLog): Promise<number | undefined> {
    // raw SQL: TypeORM's insert cannot say ON CONFLICT on a partial unique index
    // (service_hours_logs_attendance_key) together with the NOT EXISTS guard.
    const rows: Array<{ id: number }> = await manager.query(
      `INSERT INTO "service_hours_logs"
         ("user_id", "opportunity_id", "hours", "description", "date", "status", "approved_by",
          "reviewed_at", "source")
       SELECT $1, $2, $3, $4, $5, 'approved', $6, now(), $7
        WHERE NOT EXISTS (SELECT 1 FROM "users" WHERE "id" = $1 AND "deleted")
       ON CONFLICT ("user_id", "opportunity_id") WHERE "source" <> 'manual' DO NOTHING
       RETURNING "id"`,
      [
        log.userId,
        log.opportunityId,
        log.hours,
        log.description,
        log.date,
        log.approvedBy,
        log.source,
      ],
    );
    return rows[0]?.id;
  }

  // Removes the attendance entry of (user, opportunity); its id, if there was one.
  async deleteAttendanceEntry(
    manager: EntityManager,
    userId: number,
    opportunityId: number,
  ): Promise<number | undefined> {
    const result = await manager
      .createQueryBuilder()
      .delete()
      .from(ServiceHoursLogEntity)
      .where(`"user_id" = :userId AND "opportunity_id" = :opportunityId AND "source" <> 'manual'`, {
        userId,
        opportunityId,
      })
      .returning(['id'])
      .execute();
    return (result.raw as Array<{ id: number }>)[0]?.id;
  }
}
