import {
  canonicalSchoolName,
  schoolOrder,
  type CanonicalSchool,
  type DirectoryUser,
} from '@district/contracts';

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

export function toDirectoryUser(row: DirectoryRow, schools: SchoolCanonicalizer): DirectoryUser {
  return {
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
  user: Omit<DirectoryUser, 'school'> & { school: string },
): DirectoryUser {
  return {
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

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

// The order the screen groups in (registry order, "Other" last, then grade, then name): the
// client needs no sorting of its own, and neighbouring rows compress better.
export function compareDirectoryUsers(a: DirectoryUser, b: DirectoryUser): number {
  return (
    schoolOrder(a.school) - schoolOrder(b.school) ||
    a.grade - b.grade ||
    collator.compare(a.name, b.name) ||
    a.id - b.id
  );
}
