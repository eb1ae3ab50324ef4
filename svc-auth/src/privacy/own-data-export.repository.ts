import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, type Repository } from 'typeorm';
import { schemaOf } from '@district/service-kit';
import { HourCredit } from '../users/hour-credit.entity';
import { User } from '../users/user.entity';

export interface ConsentRow {
  dateOfBirth: string | null;
  guardianEmail: string | null;
  consentStatus: string | null;
}

export interface OwnHourCredit {
  logId: number;
  hours: number;
}

// Issue 20: svc-auth's own part of a student's data export.
@Injectable()
export class OwnDataExportRepository {
  private readonly auditLog: string;

  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    @InjectRepository(HourCredit) private readonly credits: Repository<HourCredit>,
    private readonly dataSource: DataSource,
  ) {
    this.auditLog = `"${schemaOf(dataSource)}"."audit_log"`;
  }

  async consent(userId: number): Promise<ConsentRow | null> {
    return this.users.findOne({
      where: { id: userId },
      select: { id: true, dateOfBirth: true, guardianEmail: true, consentStatus: true },
    });
  }

  async hourCredits(userId: number): Promise<OwnHourCredit[]> {
    const rows = await this.credits.find({
      where: { userId },
      select: { logId: true, hours: true },
      order: { logId: 'ASC' },
    });
    return rows.map(({ logId, hours }) => ({ logId, hours }));
  }

  // Every record where they acted or were acted on, from every service's trail.
  async auditEntries(userId: number): Promise<unknown[]> {
    // raw SQL: audit_log is the kit's table (AuditService) with no TypeORM entity to query.
    return (await this.dataSource.query(
      `SELECT service, at, actor_id AS "actorId", action, target_type AS "targetType",
              target_id AS "targetId", outcome, detail
         FROM ${this.auditLog}
        WHERE actor_id = $1 OR (target_type = 'user' AND target_id = $2)
        ORDER BY at, id`,
      [userId, String(userId)],
    )) as unknown[];
  }
}
