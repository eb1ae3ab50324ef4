import {
  canonicalSchoolName,
  schoolOrder,
  type CanonicalSchool,
  type DirectoryUser,
} from '@district/contracts';
import type { UserRefs } from '../users/user-ref';

// A users row joined with its credited hours, as the directory query returns it.
export interface DirectoryRow {
  id: number;
  name: string;
  school: string;
  grade: number;
  avatar_url: string | null;
  // float8 in SQL: declared + approved hours, exact for halves.
  service_hours: number;
  is_admin: boolean;
  is_supervisor: boolean;
  directory_visible: boolean;
}

// Stored school text → registry name. Few distinct values exist, so remember each one.
export class SchoolCanonicalizer {
  private readonly memo = new Map<string, CanonicalSchool>();

  name(stored: string): CanonicalSchool {
    let canonical = this.memo.get(stored);
    if (canonical === undefined) {
      canonical = canonicalSchoolName(stored);
      this.memo.set(stored, canonical);
    }
    return canonical;
  }
}

// Staff's shape: the ref and the id (admin controls act on ids). See peerView for students'.
export function toDirectoryUser(
  row: DirectoryRow,
  schools: SchoolCanonicalizer,
  refs: UserRefs,
): DirectoryUser & { id: number } {
  return {
    ref: refs.of(row.id),
    id: row.id,
    name: row.name,
    school: schools.name(row.school),
    grade: row.grade,
    avatarUrl: row.avatar_url,
    serviceHours: Number(row.service_hours),
    isAdmin: row.is_admin,
    isSupervisor: row.is_supervisor,
  };
}

// The same shape from a loaded user (after an admin's change).
export function directoryUserOf(
  user: Omit<DirectoryUser, 'school' | 'ref' | 'id'> & { id: number; school: string },
  refs: UserRefs,
): DirectoryUser {
  return {
    ref: refs.of(user.id),
    id: user.id,
    name: user.name,
    school: canonicalSchoolName(user.school),
    grade: user.grade,
    avatarUrl: user.avatarUrl,
    serviceHours: user.serviceHours,
    isAdmin: user.isAdmin,
    isSupervisor: user.isSupervisor,
  };
}

// Issue 20: what a student receives about anyone, themselves included: no id.
export function peerView({ id: _id, ...user }: DirectoryUser): DirectoryUser {
  return user;
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

// The order the screen groups in (registry order, "Other" last, then grade, then name): the
// client needs no sorting of its own, and neighbouring rows compress better.
export function compareDirectoryUsers(a: DirectoryUser, b: DirectoryUser): number {
  return (
    schoolOrder(a.school) - schoolOrder(b.school) ||
    a.grade - b.grade ||
    collator.compare(a.name, b.name) ||
    // Peers' rows have no id: the ref breaks ties the same way in every viewer's list.
    (a.ref < b.ref ? -1 : a.ref > b.ref ? 1 : 0)
  );
}
