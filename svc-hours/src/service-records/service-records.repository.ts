import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { UserReplicaEntity } from '@district/service-kit';
import { DataSource, type EntityManager, type Repository } from 'typeorm';
import { ServiceRecordEntity } from './service-record.entity';

export interface ApprovedEntryRow {
  id: number;
  date: string;
  hours: string;
  description: string;
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
    // entity columns would come back as other types and change every record's digest.
    return manager.query<ApprovedEntryRow[]>(
      `SELECT "id", to_char("date", 'YYYY-MM-DD') AS "date", "hours"::text AS "hours", "description"
         FROM "service_hours_logs"
        WHERE "user_id" = $1 AND "status" = 'approved'
        ORDER BY "date", "id"`,
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
