import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { queryRows } from '../common/query-rows.util';

// An event is over a day after its date: an opportunity dated today (midnight, as the form sends
// it) stays open all day and is archived the next day, in any time zone.
export const ARCHIVE_AFTER = '1 day';

@Injectable()
export class ArchiveService {
  constructor(private readonly dataSource: DataSource) {}

  // Idempotent: only active rows move, so a repeated or concurrent run archives nothing twice.
  async archivePast(): Promise<number[]> {
    const rows: Array<{ id: number }> = await queryRows(
      this.dataSource,
      `UPDATE "opportunities" SET "status" = 'archived', "archived_at" = now()
        WHERE "status" = 'active' AND "date" < now() - interval '${ARCHIVE_AFTER}'
        RETURNING "id"`,
    );
    return rows.map((row) => row.id);
  }
}
