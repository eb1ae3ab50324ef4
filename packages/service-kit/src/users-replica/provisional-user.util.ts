import { canonicalSchoolName } from '@district/contracts';
import type { Identity } from '../identity/identity.types';

// Issue 15.9: a student who registers and signs up at once may act here before this service has
// applied their user.registered event, and the list showed them as "Unknown Student". The
// gateway's identity carries the name and school svc-auth read with the roles, so a write made
// on a user's behalf first records them in the replica: provisional ('-infinity'), so every
// user.* event overwrites it, and DO NOTHING, so an existing row or a tombstone is never touched.
// Used as a data-modifying CTE of the write itself (one statement, one round trip); the four
// parameters are provisionalUserParams' (user id first).
export function provisionalUserCte(
  idParam: string,
  nameParam: string,
  schoolParam: string,
  schoolNameParam: string,
): string {
  return `INSERT INTO "users" ("id", "name", "school", "school_name", "source_at")
    SELECT ${idParam}, left(${nameParam}::varchar, 100), left(COALESCE(${schoolParam}::varchar, ''), 200),
           left(${schoolNameParam}::varchar, 200), '-infinity'
     WHERE ${nameParam}::varchar IS NOT NULL
    ON CONFLICT ("id") DO NOTHING`;
}

// The name, school and canonical school for provisionalUserCte: null when the identity does
// not carry the name.
export function provisionalUserParams(user: Identity): [string | null, string | null, string] {
  return [user.name ?? null, user.school ?? null, canonicalSchoolName(user.school)];
}
