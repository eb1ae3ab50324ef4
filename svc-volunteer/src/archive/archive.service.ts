import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AuditService, withTransaction } from '@district/service-kit';
import { ArchiveRepository } from './archive.repository';

// An event is over a day after its date: an opportunity dated today (midnight, as the form sends
// it) stays open all day and is archived the next day, in any time zone.
const ARCHIVE_AFTER = '1 day';

@Injectable()
export class ArchiveService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly archive: ArchiveRepository,
    private readonly audit: AuditService,
  ) {}

  // Idempotent: only active rows move, so a repeated or concurrent run archives nothing twice.
  // A run that archived something leaves one audit record (actor null: the system, not an admin)
  // in the same transaction; an empty run leaves none.
  async archivePast(): Promise<number[]> {
    return withTransaction(this.dataSource, async (manager) => {
      const ids = (await this.archive.archiveOlderThan(manager, ARCHIVE_AFTER)).sort(
        (a, b) => a - b,
      );
      if (ids.length > 0)
        await this.audit.record(manager, {
          actorId: null,
          action: 'opportunity.archive',
          target: { type: 'opportunities' },
          outcome: 'success',
          detail: { ids, by: 'schedule' },
        });
      return ids;
    });
  }
}
