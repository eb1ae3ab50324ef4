import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip as gzipCallback, constants as zlib } from 'node:zlib';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { compareDirectoryUsers, SchoolCanonicalizer, toDirectoryUser } from './directory-user.util';
import { DirectoryRepository } from './directory.repository';

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
  private cached: DirectorySnapshot | undefined;
  private inflight: Promise<DirectorySnapshot> | undefined;

  constructor(
    private readonly dataSource: DataSource,
    private readonly directory: DirectoryRepository,
  ) {}

  async snapshot(): Promise<DirectorySnapshot> {
    const version = await this.directory.readVersion();
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

  private async build(): Promise<DirectorySnapshot> {
    // The counter and the rows from one snapshot, so the version always describes these rows.
    const { version, rows } = await this.dataSource.transaction(
      'REPEATABLE READ',
      async (manager) => ({
        version: await this.directory.readVersion(manager),
        rows: await this.directory.listUsers(manager),
      }),
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
