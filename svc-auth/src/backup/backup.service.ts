import { Readable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type QueryRunner } from 'typeorm';
import {
  addAuditRecord,
  AuditService,
  LOGGER,
  type AuditEntry,
  type Identity,
  type Logger,
} from '@district/service-kit';
import { BackupRepository } from './backup.repository';

// Rows per FETCH: ~50 KB of JSON. Small pieces die young in V8; a large batch held while the
// client drains it would be promoted to the old generation and swell the process until a full GC.
export const BACKUP_BATCH_ROWS = 250;

// GET /api/backup/users as a stream: a server-side cursor in one REPEATABLE READ transaction (a
// consistent picture of every user), fetched a batch at a time as the client reads, so 100,000
// users never sit in memory at once.
@Injectable()
export class BackupService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly backup: BackupRepository,
    private readonly audit: AuditService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  // Opens the cursor before the caller sends headers, so a database failure is still a clean
  // error answer rather than a truncated file.
  // Audit (issue 9): the success record is written in the download's own transaction, which
  // commits only once the last row went out; a download that fails or is cut off leaves a
  // failure record instead (the rows sent so far were still seen).
  async open(actor: Identity): Promise<Readable> {
    const entry: Omit<AuditEntry, 'outcome'> = {
      actorId: actor.id,
      action: 'users.backup',
      target: { type: 'users' },
    };
    const runner = this.dataSource.createQueryRunner();
    try {
      await runner.connect();
      await runner.startTransaction('REPEATABLE READ');
      await addAuditRecord(runner.manager, { ...entry, outcome: 'success' });
      await this.backup.openUsersCursor(runner);
    } catch (error) {
      await close(runner);
      await this.recordFailure(entry, 'the backup could not be started');
      throw error;
    }
    // Strings go to the socket as they are (no Buffer copy per piece); 8 pieces ≈ 400 KB ahead.
    return Readable.from(this.chunks(runner, entry), { objectMode: true, highWaterMark: 8 });
  }

  private async recordFailure(entry: Omit<AuditEntry, 'outcome'>, reason: string): Promise<void> {
    // Best effort: the database may be the very thing that failed; the error is logged.
    await this.audit
      .recordFailure({ ...entry, detail: { reason } })
      .catch((error: unknown) =>
        this.logger.error({ err: error }, 'could not record a failed user backup'),
      );
  }

  private async *chunks(
    runner: QueryRunner,
    entry: Omit<AuditEntry, 'outcome'>,
  ): AsyncGenerator<string> {
    let done = false;
    try {
      yield '[';
      let first = true;
      for (;;) {
        const lines = await this.backup.fetchUsers(runner, BACKUP_BATCH_ROWS);
        if (lines.length === 0) break;
        let piece = '';
        for (const line of lines) {
          piece += (first ? '\n' : ',\n') + line;
          first = false;
        }
        yield piece;
      }
      // Commit before the last piece: the file is complete only if its success record is kept.
      await runner.commitTransaction();
      done = true;
      yield '\n]\n';
    } finally {
      // Also reached when the client goes away mid-download (the stream is destroyed).
      await close(runner);
      if (!done) {
        this.logger.info('user backup ended before the last row');
        await this.recordFailure(entry, 'the download ended before the last row');
      }
    }
  }
}

async function close(runner: QueryRunner): Promise<void> {
  try {
    // Unfinished download: rolling back ends the cursor and drops the success record.
    if (runner.isTransactionActive) await runner.rollbackTransaction();
  } catch {
    // A broken connection is released below and dropped by the pool.
  }
  await runner.release();
}
