import { Readable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type QueryRunner } from 'typeorm';
import { LOGGER, schemaOf, type Logger } from '@district/service-kit';

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
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  // Opens the cursor before the caller sends headers, so a database failure is still a clean
  // error answer rather than a truncated file.
  async open(): Promise<Readable> {
    const s = schemaOf(this.dataSource);
    const runner = this.dataSource.createQueryRunner();
    try {
      await runner.connect();
      await runner.startTransaction('REPEATABLE READ');
      // PostgreSQL writes each user's JSON (BackupUser's fields), so Node only joins strings:
      // little garbage per row, which keeps the process small while 100,000 rows go through.
      await runner.query(
        `DECLARE users_backup NO SCROLL CURSOR FOR
           SELECT row_to_json(b)::text AS line FROM (
             SELECT u.id, u.username, u.name, u.email, u.school, u.grade,
                    u.avatar_url AS "avatarUrl",
                    (u.service_hours + COALESCE(c.total, 0))::float8 AS "serviceHours",
                    u.is_admin AS "isAdmin", u.is_supervisor AS "isSupervisor"
               FROM "${s}"."users" u
               LEFT JOIN (SELECT user_id, sum(hours) AS total FROM "${s}"."hour_credits" GROUP BY user_id) c
                 ON c.user_id = u.id
              ORDER BY u.id) b`,
      );
    } catch (error) {
      await close(runner);
      throw error;
    }
    // Strings go to the socket as they are (no Buffer copy per piece); 8 pieces ≈ 400 KB ahead.
    return Readable.from(this.chunks(runner), { objectMode: true, highWaterMark: 8 });
  }

  private async *chunks(runner: QueryRunner): AsyncGenerator<string> {
    let done = false;
    try {
      yield '[';
      let first = true;
      for (;;) {
        const rows = (await runner.query(`FETCH ${BACKUP_BATCH_ROWS} FROM users_backup`)) as Array<{
          line: string;
        }>;
        if (rows.length === 0) break;
        let piece = '';
        for (const row of rows) {
          piece += (first ? '\n' : ',\n') + row.line;
          first = false;
        }
        yield piece;
      }
      yield '\n]\n';
      done = true;
    } finally {
      // Also reached when the client goes away mid-download (the stream is destroyed).
      if (!done) this.logger.info('user backup ended before the last row');
      await close(runner);
    }
  }
}

async function close(runner: QueryRunner): Promise<void> {
  try {
    // Read-only work: rolling back simply ends the transaction and its cursor.
    if (runner.isTransactionActive) await runner.rollbackTransaction();
  } catch {
    // A broken connection is released below and dropped by the pool.
  }
  await runner.release();
}
