import { isUtf8 } from 'node:buffer';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parse, CsvError } from 'csv-parse';
import { z } from 'zod';
import {
  GRADE_MAX,
  GRADE_MIN,
  matchSchool,
  TEXT_LIMITS,
  type RosterLineCode,
  type RosterLineParams,
} from '@district/contracts';

// Issue 31: the two files of a OneRoster 1.1 CSV bundle the platform reads (1EdTech's format,
// as student information systems, Clever and ClassLink export it), checked line by line.

type RosterFile = 'orgs' | 'users';
type RosterRole = 'student' | 'teacher' | 'administrator';

export interface RosterLineError {
  file: RosterFile;
  // 1-based physical line of the file (the header is line 1).
  line: number;
  // Why, for the admin's screen in their language (mf-directory's directory.roster.reason.*).
  code: RosterLineCode;
  params: RosterLineParams;
  // The same in English, for API clients and the command line.
  reason: string;
}

// The English reason of each code (the locales of mf-directory say the same).
const REASONS: Record<RosterLineCode, (p: RosterLineParams) => string> = {
  notUtf8: () => 'the file is not UTF-8 text',
  lineTooLong: () => 'the line is too long to be a roster line',
  missingColumns: (p) =>
    `not a OneRoster ${p.file}.csv: missing the column${Number(p.count) > 1 ? 's' : ''} ${p.columns}`,
  fieldCount: () => 'the line does not have as many fields as the header',
  notCsv: () => 'not a CSV file (unbalanced quotes or stray characters)',
  idInvalid: () => 'sourcedId is missing or too long',
  duplicateId: (p) => `sourcedId ${p.id} is already on line ${p.firstLine}`,
  unknownSchool: (p) => `"${p.name}" is not one of the district's schools`,
  namesRequired: (p) => `givenName and familyName are required (at most ${p.max} characters)`,
  invalidEmail: (p) => `"${p.email}" is not an e-mail address`,
  duplicateEmail: (p) => `the e-mail ${p.email} is already on line ${p.firstLine}`,
  invalidGrade: (p) => `grade "${p.grade}" is not one of ${p.min} to ${p.max}`,
  noDistrictSchool: (p) =>
    `none of the orgs ${p.orgs || '(none)'} is a school of the district in orgs.csv`,
};

export function lineError(
  file: RosterFile,
  line: number,
  code: RosterLineCode,
  params: RosterLineParams = {},
): RosterLineError {
  return { file, line, code, params, reason: REASONS[code](params) };
}

export interface RosterRow {
  sourcedId: string;
  role: RosterRole;
  email: string | null;
  givenName: string;
  familyName: string;
  school: string;
  grade: number | null;
}

// A users.csv line read, its school still to be found among its orgs (resolveRoster).
interface ParsedUser extends RosterRow {
  orgSourcedIds: string;
  line: number;
}

export interface ParsedUsers {
  rows: ParsedUser[];
  errors: RosterLineError[];
}

export interface ParsedOrgs {
  // Every org's sourcedId → the registry name of the school it is, or null (a district, a
  // department: not a school).
  orgs: Map<string, string | null>;
  errors: RosterLineError[];
}

// The OneRoster 1.1 columns the import needs; others (dateLastModified, middleName, …) are read
// past.
const ORG_COLUMNS = ['sourcedId', 'name', 'type'] as const;
const USER_COLUMNS = [
  'sourcedId',
  'enabledUser',
  'orgSourcedIds',
  'role',
  'givenName',
  'familyName',
  'email',
  'grades',
] as const;

// Enough to show what is wrong without answering megabytes about a file that is not a roster.
const MAX_REPORTED_ERRORS = 200;
const MAX_LINE_BYTES = 64 * 1024;
const ID_MAX = 255;
const NAME_MAX = 100;
const ROLES: Record<string, RosterRole> = {
  student: 'student',
  teacher: 'teacher',
  administrator: 'administrator',
};
const emailSchema = z.email().max(TEXT_LIMITS.email);

// Refuses bytes that are not UTF-8 (a Windows-1252 export, a binary file), naming the line: the
// newline byte never occurs inside a UTF-8 character, so each line is checked on its own.
function utf8Text(file: RosterFile): Transform {
  let pending: Buffer = Buffer.alloc(0);
  let linesBefore = 0;
  const check = (bytes: Buffer): string => {
    if (isUtf8(bytes)) {
      linesBefore += countNewlines(bytes);
      return bytes.toString('utf8');
    }
    let start = 0;
    for (;;) {
      const end = bytes.indexOf(0x0a, start);
      const line = bytes.subarray(start, end === -1 ? bytes.length : end);
      if (!isUtf8(line)) throw new RosterFileError(lineError(file, linesBefore + 1, 'notUtf8'));
      if (end === -1) return bytes.toString('utf8');
      linesBefore += 1;
      start = end + 1;
    }
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      try {
        const bytes = pending.length > 0 ? Buffer.concat([pending, chunk]) : chunk;
        const cut = bytes.lastIndexOf(0x0a) + 1;
        pending = bytes.subarray(cut);
        // A file with no newline in its first 64 KB is no CSV line either (50 MB of noise).
        if (pending.length > MAX_LINE_BYTES)
          throw new RosterFileError(lineError(file, linesBefore + 1, 'lineTooLong'));
        done(null, cut > 0 ? check(bytes.subarray(0, cut)) : '');
      } catch (error) {
        done(error as Error);
      }
    },
    flush(done) {
      try {
        done(null, check(pending));
      } catch (error) {
        done(error as Error);
      }
    },
  });
}

function countNewlines(bytes: Buffer): number {
  let count = 0;
  for (let i = bytes.indexOf(0x0a); i !== -1; i = bytes.indexOf(0x0a, i + 1)) count += 1;
  return count;
}

// A file that cannot be read as a roster at all: one reason, one line, nothing after it counts.
export class RosterFileError extends Error {
  constructor(readonly detail: RosterLineError) {
    super(`${detail.file}.csv line ${detail.line}: ${detail.reason}`);
  }
}

// Streams one CSV file, handing each record (keyed by header) and its line to `onRecord`.
async function readCsv(
  file: RosterFile,
  input: Readable,
  required: readonly string[],
  onRecord: (record: Record<string, string>, line: number) => void,
): Promise<void> {
  let lines = 1;
  const parser = parse({
    bom: true,
    columns: (header: string[]) => {
      const names = header.map((name) => name.trim());
      const missing = required.filter((name) => !names.includes(name));
      if (missing.length > 0)
        throw new RosterFileError(
          lineError(file, 1, 'missingColumns', {
            file,
            columns: missing.join(', '),
            count: missing.length,
          }),
        );
      return names;
    },
    skip_empty_lines: true,
    max_record_size: MAX_LINE_BYTES,
    info: true,
  });
  parser.on(
    'data',
    ({ record, info }: { record: Record<string, string>; info: { lines: number } }) => {
      lines = info.lines;
      onRecord(record, info.lines);
    },
  );
  try {
    await pipeline(input, utf8Text(file), parser);
  } catch (error) {
    if (error instanceof RosterFileError) throw error;
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines ?? lines;
      throw new RosterFileError(lineError(file, line, csvReason(error)));
    }
    throw error;
  }
}

function csvReason(error: CsvError): RosterLineCode {
  switch (error.code) {
    case 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH':
    case 'CSV_RECORD_INCONSISTENT_COLUMNS':
      return 'fieldCount';
    case 'CSV_MAX_RECORD_SIZE':
      return 'lineTooLong';
    default:
      return 'notCsv';
  }
}

class ErrorList {
  readonly errors: RosterLineError[] = [];
  add(file: RosterFile, line: number, code: RosterLineCode, params?: RosterLineParams): void {
    if (this.errors.length < MAX_REPORTED_ERRORS)
      this.errors.push(lineError(file, line, code, params));
  }
}

const isDeleted = (record: Record<string, string>) =>
  record.status?.trim().toLowerCase() === 'tobedeleted';

export async function parseOrgs(input: Readable): Promise<ParsedOrgs> {
  const orgs = new Map<string, string | null>();
  const firstLine = new Map<string, number>();
  const list = new ErrorList();
  await readCsv('orgs', input, ORG_COLUMNS, (record, line) => {
    if (isDeleted(record)) return;
    const id = record.sourcedId.trim();
    if (id === '' || id.length > ID_MAX) return list.add('orgs', line, 'idInvalid');
    const seen = firstLine.get(id);
    if (seen !== undefined) return list.add('orgs', line, 'duplicateId', { id, firstLine: seen });
    firstLine.set(id, line);
    if (record.type.trim().toLowerCase() !== 'school') return void orgs.set(id, null);
    const school = matchSchool(record.name);
    if (!school) return list.add('orgs', line, 'unknownSchool', { name: record.name.trim() });
    orgs.set(id, school.name);
  });
  return { orgs, errors: list.errors };
}

export async function parseUsers(input: Readable): Promise<ParsedUsers> {
  const rows: ParsedUsers['rows'] = [];
  const firstLine = new Map<string, number>();
  const emailLine = new Map<string, number>();
  const list = new ErrorList();
  await readCsv('users', input, USER_COLUMNS, (record, line) => {
    // Deleted, disabled and other roles (parents, aides) are not people of the platform: absent
    // from this roster (so deactivated if they were on the last one).
    if (isDeleted(record) || record.enabledUser.trim().toLowerCase() === 'false') return;
    const role = ROLES[record.role.trim().toLowerCase()];
    if (!role) return;
    const id = record.sourcedId.trim();
    if (id === '' || id.length > ID_MAX) return list.add('users', line, 'idInvalid');
    const seen = firstLine.get(id);
    if (seen !== undefined) return list.add('users', line, 'duplicateId', { id, firstLine: seen });
    firstLine.set(id, line);
    const givenName = record.givenName.trim();
    const familyName = record.familyName.trim();
    if (
      givenName === '' ||
      familyName === '' ||
      givenName.length > NAME_MAX ||
      familyName.length > NAME_MAX
    )
      return list.add('users', line, 'namesRequired', { max: NAME_MAX });
    const email = record.email.trim() === '' ? null : record.email.trim();
    if (email !== null) {
      if (!emailSchema.safeParse(email).success)
        return list.add('users', line, 'invalidEmail', { email });
      const key = email.toLowerCase();
      const other = emailLine.get(key);
      if (other !== undefined)
        return list.add('users', line, 'duplicateEmail', { email, firstLine: other });
      emailLine.set(key, line);
    }
    let grade: number | null = null;
    if (role === 'student') {
      const first = record.grades.split(',')[0]?.trim() ?? '';
      grade = /^\d{1,2}$/.test(first) ? Number(first) : NaN;
      if (!(grade >= GRADE_MIN && grade <= GRADE_MAX))
        return list.add('users', line, 'invalidGrade', {
          grade: first,
          min: GRADE_MIN,
          max: GRADE_MAX,
        });
    }
    rows.push({
      sourcedId: id,
      role,
      email,
      givenName,
      familyName,
      school: '',
      grade,
      orgSourcedIds: record.orgSourcedIds,
      line,
    });
  });
  return { rows, errors: list.errors };
}

// Each person's school: the first of their orgs that is a district school. The rows are
// completed in place (60,000 of them: no second copy).
export function resolveRoster(
  orgs: ParsedOrgs,
  users: ParsedUsers,
): { rows: RosterRow[]; errors: RosterLineError[] } {
  const errors = [...orgs.errors, ...users.errors];
  const rows: RosterRow[] = [];
  for (const user of users.rows) {
    const ids = user.orgSourcedIds.split(',').map((org) => org.trim());
    const school = ids.map((id) => orgs.orgs.get(id)).find((name) => name);
    if (!school) {
      const named = ids.filter((id) => id !== '');
      if (errors.length < MAX_REPORTED_ERRORS)
        errors.push(
          lineError('users', user.line, 'noDistrictSchool', {
            orgs: named.join(', '),
            count: named.length,
          }),
        );
      continue;
    }
    user.school = school;
    rows.push(user);
  }
  errors.sort((a, b) => (a.file === b.file ? a.line - b.line : a.file === 'orgs' ? -1 : 1));
  return { rows, errors };
}
