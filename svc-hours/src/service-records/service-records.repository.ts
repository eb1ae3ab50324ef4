import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { ConfirmationDecision, HoursSource } from '@district/contracts';
import { UserReplicaEntity } from '@district/service-kit';
import { DataSource, type EntityManager, type Repository } from 'typeorm';
import { ServiceRecordEntity } from './service-record.entity';

export interface ApprovedEntryRow {
  id: number;
  date: string;
  hours: string;
  description: string;
  source: HoursSource;
  // The organisation the student named for confirmation (null: none asked) and its answer.
  organisation: string | null;
  decision: ConfirmationDecision | null;
  // The title of the opportunity the entry names, when svc-hours knows it.
  event: string | null;
}

@Injectable()
export class ServiceRecordsRepository {
  constructor(
    private readonly dataSource: DataSource,
    @InjectRepository(ServiceRecordEntity)
    private readonly records: Repository<ServiceRecordEntity>,
  ) {}

  findUser(id: number): Promise<UserReplicaEntity | null> {
    return this.dataSource.getRepository(UserReplicaEntity).findOneBy({ id, deleted: false });
  }

  // Oldest first, as the record lists them.
  approvedEntries(userId: number, manager: EntityManager = this.dataSource.manager) {
    // raw SQL: the signed entries digest hashes these exact texts (to_char date, hours::text);
    // entity columns would come back as other types and change every record's digest. Each
    // entry with its organisation's confirmation and its event's title (issue 33).
    return manager.query<ApprovedEntryRow[]>(
      `SELECT l."id", to_char(l."date", 'YYYY-MM-DD') AS "date", l."hours"::text AS "hours",
              l."description", l."source", c."organisation", c."decision", o."title" AS "event"
         FROM "service_hours_logs" l
         LEFT JOIN "hour_confirmations" c ON c."log_id" = l."id"
         LEFT JOIN "opportunities_replica" o ON o."id" = l."opportunity_id" AND NOT o."deleted"
        WHERE l."user_id" = $1 AND l."status" = 'approved'
        ORDER BY l."date", l."id"`,
      [userId],
    );
  }

  insert(manager: EntityManager, record: Omit<ServiceRecordEntity, 'id'>): Promise<unknown> {
    return manager.getRepository(ServiceRecordEntity).insert(record);
  }

  findByCode(code: string): Promise<ServiceRecordEntity | null> {
    return this.records.findOneBy({ code });
  }

  findByPdfHash(pdfSha256: string): Promise<ServiceRecordEntity[]> {
    return this.records.findBy({ pdfSha256 });
  }
}
