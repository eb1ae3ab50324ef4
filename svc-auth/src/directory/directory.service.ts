import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip as gzipCallback, constants as zlib } from 'node:zlib';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { schemaOf } from '@district/service-kit';
import {
  compareDirectoryUsers,
  SchoolCanonicalizer,
  toDirectoryUser,
  type DirectoryRow,
} from './directory-user.util';

const gzip = promisify(gzipCallback);
const BEST_COMPRESSION_MAX_BYTES = 2 * 1024 * 1024;

// One serialised directory, valid while directory_version stays at `version`.
export interface DirectorySnapshot {
  version: number;
  count: number;
  json: Buffer;
  gzip: Buffer;
  // Strong validator of the JSON bytes; the gzip body answers with `<etag>` + ".gz".
  etag: string;
}

// GET /api/directory is the same for every caller and changes rarely next to how often it is read,
// so it is built once per directory_version (a trigger-maintained counter) and kept serialised and
// compressed. Each request costs one primary-key read of the counter; a change costs one rebuild.
@Injectable()
export class DirectoryService {
  private readonly schema: string;
  private cached: DirectorySnapshot | undefined;
  private inflight: Promise<DirectorySnapshot> | undefined;

  constructor(private readonly dataSource: DataSource) {
    this.schema = schemaOf(dataSource);
  }

  async snapshot(): Promise<DirectorySnapshot> {
    const version = await this.readVersion();
    // A build that started before this caller's read may predate a write the caller expects to
    // see (an admin's refetch right after a change): wait for one that is at least as new.
    for (;;) {
      if (this.cached && this.cached.version >= version) return this.cached;
      this.inflight ??= this.build().finally(() => {
        this.inflight = undefined;
      });
      const built = await this.inflight;
      if (built.version >= version) return built;
    }
  }

  private async readVersion(): Promise<number> {
    const rows = (await this.dataSource.query(
      `SELECT version::float8 AS version FROM "${this.schema}"."directory_version"`,
    )) as Array<{ version: number }>;
    return rows[0]?.version ?? 0;
  }

  private async build(): Promise<DirectorySnapshot> {
    const s = this.schema;
    // The counter and the rows from one snapshot, so the version always describes these rows.
    const { version, rows } = await this.dataSource.transaction(
      'REPEATABLE READ',
      async (manager) => {
        const [{ version }] = (await manager.query(
          `SELECT version::float8 AS version FROM "${s}"."directory_version"`,
        )) as Array<{ version: number }>;
        // One query: every user with the sum of their approved-hour credits.
        const rows = (await manager.query(
          `SELECT u.id, u.name, u.school, u.grade, u.avatar_url, u.is_admin, u.is_supervisor,
                  (u.service_hours + COALESCE(c.total, 0))::float8 AS service_hours
             FROM "${s}"."users" u
             LEFT JOIN (SELECT user_id, sum(hours) AS total FROM "${s}"."hour_credits" GROUP BY user_id) c
               ON c.user_id = u.id`,
        )) as DirectoryRow[];
        return { version, rows };
      },
    );
    const schools = new SchoolCanonicalizer();
    const users = rows.map((row) => toDirectoryUser(row, schools)).sort(compareDirectoryUsers);
    const json = Buffer.from(JSON.stringify(users));
    // Best compression is ~15% smaller and, at 5,000 users, costs ~80 ms once per change (on the
    // thread pool); past a few MB that would be seconds, so large directories use the default.
    const level =
      json.length <= BEST_COMPRESSION_MAX_BYTES
        ? zlib.Z_BEST_COMPRESSION
        : zlib.Z_DEFAULT_COMPRESSION;
    const compressed = await gzip(json, { level });
    const snapshot: DirectorySnapshot = {
      version,
      count: users.length,
      json,
      gzip: compressed,
      etag: `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`,
    };
    if (!this.cached || snapshot.version > this.cached.version) this.cached = snapshot;
    return snapshot;
  }
}
