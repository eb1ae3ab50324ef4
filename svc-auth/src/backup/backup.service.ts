import { Readable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  AuditService,
  LOGGER,
  type AuditEntry,
  type Identity,
  type Logger,
  withTransaction,
} from '@district/service-kit';
import { BackupRepository } from './backup.repository';

// Rows per FETCH: ~50 KB of JSON. Small pieces die young in V8; a large batch held while the
// client drains it would be promoted to the old generation and swell the process until a full GC.
const BACKUP_BATCH_ROWS = 250;

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
    // The transaction lasts as long as the download: its callback waits for `rows`, which the
    // stream settles once the cursor is exhausted (commit) or the download ends early (rollback).
    const rows = settleable();
    let stream: Readable | undefined;
    let opened!: (stream: Readable) => void;
    const ready = new Promise<Readable>((resolve) => (opened = resolve));
    const transaction = withTransaction(this.dataSource, async (manager) => {
      await this.backup.openUsersCursor(manager);
      await this.audit.record(manager, { ...entry, outcome: 'success' });
      // Strings go to the socket as they are (no Buffer copy per piece); 8 pieces ≈ 400 KB ahead.
      stream = Readable.from(
        this.chunks(
          manager,
          rows,
          () => transaction,
          () => ended,
        ),
        {
          objectMode: true,
          highWaterMark: 8,
        },
      );
      // A stream destroyed before its first read never runs the generator's `finally`.
      stream.once('close', () => rows.reject(new Error('the backup stream closed')));
      opened(stream);
      await rows.promise;
    });
    // Settles once the transaction did; never rejects once the stream exists.
    const ended: Promise<void> = transaction.then(
      () => undefined,
      async (error: unknown) => {
        if (!stream) {
          await this.recordFailure(entry, 'the backup could not be started');
          throw error;
        }
        this.logger.info('user backup ended before the last row');
        await this.recordFailure(entry, 'the download ended before the last row');
      },
    );
    // A database failure before the first row is still a clean error answer, not a cut file.
    return Promise.race([ready, ended.then(() => ready)]);
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
    manager: EntityManager,
    rows: Settleable,
    committed: () => Promise<void>,
    ended: () => Promise<void>,
  ): AsyncGenerator<string> {
    let done = false;
    try {
      yield '[';
      let first = true;
      for (;;) {
        const lines = await this.backup.fetchUsers(manager, BACKUP_BATCH_ROWS);
        if (lines.length === 0) break;
        let piece = '';
        for (const line of lines) {
          piece += (first ? '\n' : ',\n') + line;
          first = false;
        }
        yield piece;
      }
      // Commit before the last piece: the file is complete only if its success record is kept.
      rows.resolve();
      await committed();
      done = true;
      yield '\n]\n';
    } finally {
      // Also reached when the client goes away mid-download (the stream is destroyed): rolling
      // back ends the cursor and drops the success record; `ended` records the failure.
      if (!done) {
        rows.reject(new Error('the download ended before the last row'));
        await ended();
      }
    }
  }
}

interface Settleable {
  promise: Promise<void>;
  resolve(): void;
  reject(error: Error): void;
}

function settleable(): Settleable {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
