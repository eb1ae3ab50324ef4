import { formatNumber, i18n } from '@district/ui';
import {
  isStaff,
  OTHER_SCHOOL,
  SCHOOL_NAMES,
  SCHOOLS,
  schoolOrder,
  type DirectoryUser,
} from '@district/contracts';

// Lower case without accents, so "josé" finds "Jose" and the other way round.
function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

// What a school answers to in the search box: its name, aliases and abbreviations ("pft", "east jeff").
const SCHOOL_SEARCH_TEXT = new Map<string, string>(
  SCHOOLS.map((s) => [s.name, fold([s.name, ...s.aliases, ...s.abbreviations].join(' | '))]),
);

export interface IndexedUser {
  user: DirectoryUser;
  name: string;
  school: string;
}

// Built once per directory answer; each keystroke then only scans short strings.
export function buildDirectoryIndex(users: readonly DirectoryUser[]): IndexedUser[] {
  return users.map((user) => ({
    user,
    name: fold(user.name),
    school: SCHOOL_SEARCH_TEXT.get(user.school) ?? fold(user.school),
  }));
}

// Words that only say "grade" ("grade 10", "10th grade") carry no filter of their own.
const FILLER = new Set(['grade', 'grades', 'gr', 'year']);

export function searchTokens(query: string): string[] {
  return fold(query)
    .split(/[\s,]+/)
    .filter((t) => t !== '' && !FILLER.has(t));
}

function tokenMatches(entry: IndexedUser, token: string): boolean {
  // A number is a grade ("9", "10th"), or part of a name.
  const grade = /^(\d{1,2})(?:st|nd|rd|th)?$/.exec(token);
  if (grade) return entry.user.grade === Number(grade[1]) || entry.name.includes(token);
  return entry.name.includes(token) || entry.school.includes(token);
}

// Every word must match the name, the school or the grade ("ada jesuit 10" narrows three ways).
export function filterDirectory(index: readonly IndexedUser[], query: string): DirectoryUser[] {
  const tokens = searchTokens(query);
  if (tokens.length === 0) return index.map((e) => e.user);
  const out: DirectoryUser[] = [];
  for (const entry of index) {
    if (tokens.every((t) => tokenMatches(entry, t))) out.push(entry.user);
  }
  return out;
}

export interface GradeGroup {
  grade: number;
  users: DirectoryUser[];
}

export interface SchoolGroup {
  school: string;
  count: number;
  grades: GradeGroup[];
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

// Schools in registry order, then "Other"; grades ascending; names alphabetical. With
// `includeEmpty`, every registry school appears even without students (it shows the spec's text).
export function groupDirectory(
  users: readonly DirectoryUser[],
  { includeEmpty }: { includeEmpty: boolean },
): SchoolGroup[] {
  const bySchool = new Map<string, Map<number, DirectoryUser[]>>();
  for (const user of users) {
    let grades = bySchool.get(user.school);
    if (!grades) bySchool.set(user.school, (grades = new Map()));
    const list = grades.get(user.grade);
    if (list) list.push(user);
    else grades.set(user.grade, [user]);
  }
  const names = new Set<string>(includeEmpty ? SCHOOL_NAMES : []);
  for (const school of bySchool.keys()) names.add(school);
  return [...names]
    .sort((a, b) => schoolOrder(a) - schoolOrder(b) || collator.compare(a, b))
    .map((school) => {
      const grades = [...(bySchool.get(school) ?? new Map<number, DirectoryUser[]>())]
        .sort(([a], [b]) => a - b)
        .map(([grade, list]) => ({
          grade,
          // Ties broken by ref: students' rows carry no id (issue 20).
          users: list.sort(
            (a, b) =>
              collator.compare(a.name, b.name) || (a.ref < b.ref ? -1 : a.ref > b.ref ? 1 : 0),
          ),
        }));
      return { school, count: grades.reduce((n, g) => n + g.users.length, 0), grades };
    });
}

export interface DirectoryStats {
  students: number;
  hours: number;
  // Registry schools with at least one student ("Other" is not a school).
  schools: number;
}

export function directoryStats(users: readonly DirectoryUser[]): DirectoryStats {
  let hours = 0;
  const schools = new Set<string>();
  let students = 0;
  for (const user of users) {
    if (isStaff(user)) continue;
    students += 1;
    hours += user.serviceHours;
    if (user.school !== OTHER_SCHOOL) schools.add(user.school);
  }
  return { students, hours: Math.round(hours * 10) / 10, schools: schools.size };
}

// "4.5 hours" / "4.5 horas": one decimal unless whole, in the language in use.
export function formatHours(hours: number): string {
  const digits = Number.isInteger(hours) ? 0 : 1;
  const text = formatNumber(hours, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  return i18n._('directory.card.hours', { count: hours, hours: text });
}
