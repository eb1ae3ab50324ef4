import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip as gzipCallback, constants as zlib } from 'node:zlib';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { isStaff, OTHER_SCHOOL, type DirectoryUser } from '@district/contracts';
import { withTransaction, type Identity } from '@district/service-kit';
import { UserRefs } from '../users/user-ref';
import {
  compareDirectoryUsers,
  peerView,
  SchoolCanonicalizer,
  toDirectoryUser,
} from './directory-user.util';
import { DirectoryRepository } from './directory.repository';

const gzip = promisify(gzipCallback);
const BEST_COMPRESSION_MAX_BYTES = 2 * 1024 * 1024;

// One serialised answer. Its ETag is computed on exactly these bytes, so two viewers who receive
// different lists never share a validator (issue 20: a cached peer copy cannot reveal anyone).
export interface DirectoryBody {
  json: Buffer;
  gzip: Buffer;
  // Strong validator of the JSON bytes; the gzip body answers with `<etag>` + ".gz".
  etag: string;
  count: number;
}

// Issue 20: what the stat cards count (everyone, hidden students included), whatever the list holds.
export interface DirectoryTotals {
  students: number;
  serviceHours: number;
  schools: number;
}

// The directory valid while directory_version stays at `version`, in its viewer classes.
export interface DirectorySnapshot {
  version: number;
  totals: DirectoryTotals;
  // Admins and supervisors: everyone, hidden students marked `hidden: true`, with ids.
  staff: DirectoryBody;
  // Students: only those who chose to be visible, each by ref alone (issue 20: no ids).
  peers: DirectoryBody;
  // Students who hid themselves still see their own card: the peer list plus them.
  hiddenUsers: Map<number, DirectoryUser>;
  peerUsers: DirectoryUser[];
  ownViews: Map<number, Promise<DirectoryBody>>;
}

async function serialise(users: DirectoryUser[], totals: DirectoryTotals): Promise<DirectoryBody> {
  const json = Buffer.from(JSON.stringify(users));
  // Best compression is ~15% smaller and, at 5,000 users, costs ~80 ms once per change (on the
  // thread pool); past a few MB that would be seconds, so large directories use the default.
  const level =
    json.length <= BEST_COMPRESSION_MAX_BYTES
      ? zlib.Z_BEST_COMPRESSION
      : zlib.Z_DEFAULT_COMPRESSION;
  return {
    json,
    gzip: await gzip(json, { level }),
    // The totals travel in headers: a change there (a hidden student's hours) must not be
    // answered with 304.
    etag: `"${createHash('sha256').update(json).update(JSON.stringify(totals)).digest('base64url').slice(0, 27)}"`,
    count: users.length,
  };
}

// GET /api/directory changes rarely next to how often it is read, so it is built once per
// directory_version (a trigger-maintained counter) and kept serialised and compressed per viewer
// class. Each request costs one primary-key read of the counter; a change costs one rebuild.
@Injectable()
export class DirectoryService {
  private cached: DirectorySnapshot | undefined;
  private inflight: Promise<DirectorySnapshot> | undefined;

  constructor(
    private readonly dataSource: DataSource,
    private readonly directory: DirectoryRepository,
    private readonly refs: UserRefs,
  ) {}

  // What this viewer may receive: staff everyone, a student the visible ones (and themselves).
  async bodyFor(viewer: Identity): Promise<{ body: DirectoryBody; totals: DirectoryTotals }> {
    const snapshot = await this.snapshot();
    if (viewer.isAdmin || viewer.isSupervisor)
      return { body: snapshot.staff, totals: snapshot.totals };
    const self = snapshot.hiddenUsers.get(viewer.id);
    if (!self) return { body: snapshot.peers, totals: snapshot.totals };
    let own = snapshot.ownViews.get(viewer.id);
    if (!own) {
      own = serialise([...snapshot.peerUsers, self].sort(compareDirectoryUsers), snapshot.totals);
      snapshot.ownViews.set(viewer.id, own);
    }
    return { body: await own, totals: snapshot.totals };
  }

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
    const { version, rows } = await withTransaction(this.dataSource, (manager) =>
      this.directory.readSnapshot(manager),
    );
    const schools = new SchoolCanonicalizer();
    const everyone: DirectoryUser[] = [];
    const peerUsers: DirectoryUser[] = [];
    const hiddenUsers = new Map<number, DirectoryUser>();
    rows
      .map((row) => ({ row, user: toDirectoryUser(row, schools, this.refs) }))
      .sort((a, b) => compareDirectoryUsers(a.user, b.user))
      .forEach(({ row, user }) => {
        // Issue 33: staff are never students. Admins still see their cards (the roles control
        // lives there); students never do, and no total counts them.
        if (isStaff(user)) everyone.push(user);
        else if (row.directory_visible) {
          everyone.push(user);
          peerUsers.push(peerView(user));
        } else {
          everyone.push({ ...user, hidden: true });
          hiddenUsers.set(row.id, peerView(user));
        }
      });
    // As the screen counts them (directoryStats in mf-directory): students only, and "Other" is
    // not a school.
    const students = everyone.filter((user) => !isStaff(user));
    const totals: DirectoryTotals = {
      students: students.length,
      serviceHours:
        Math.round(students.reduce((sum, user) => sum + user.serviceHours, 0) * 10) / 10,
      schools: new Set(
        students.map((user) => user.school).filter((school) => school !== OTHER_SCHOOL),
      ).size,
    };
    const [staff, peers] = await Promise.all([
      serialise(everyone, totals),
      serialise(peerUsers, totals),
    ]);
    const snapshot: DirectorySnapshot = {
      version,
      totals,
      staff,
      peers,
      hiddenUsers,
      peerUsers,
      ownViews: new Map(),
    };
    if (!this.cached || snapshot.version > this.cached.version) this.cached = snapshot;
    return snapshot;
  }
}
