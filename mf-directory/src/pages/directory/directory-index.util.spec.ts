import { beforeAll, describe, expect, it } from '@jest/globals';
import { changeLanguage, registerCatalogue } from '@district/ui';
import { loadCatalogue } from '../../i18n';
import { OTHER_SCHOOL, type DirectoryUser } from '@district/contracts';
import {
  buildDirectoryIndex,
  directoryStats,
  filterDirectory,
  formatHours,
  groupDirectory,
} from './directory-index.util';

// As a student receives them (issue 20): a ref, no id.
let nextRef = 1;
function user(overrides: Partial<DirectoryUser>): DirectoryUser {
  return {
    ref: `ref${nextRef++}`,
    name: 'Someone',
    school: 'Jesuit High School',
    grade: 10,
    avatarUrl: null,
    serviceHours: 0,
    isAdmin: false,
    isSupervisor: false,
    ...overrides,
  };
}

const ada = user({
  name: 'Ada Lovelace',
  school: 'Jesuit High School',
  grade: 10,
  serviceHours: 4.5,
});
const jose = user({
  name: 'José Ramírez',
  school: 'Patrick F. Taylor Science & Technology Academy',
  grade: 9,
  serviceHours: 2,
});
const bea = user({
  name: 'Bea Smith',
  school: 'East Jefferson High School',
  grade: 12,
  serviceHours: 1,
});
const staff = user({ name: 'Sam Staff', school: OTHER_SCHOOL, grade: 12, isAdmin: true });
const index = buildDirectoryIndex([ada, jose, bea, staff]);
const names = (list: DirectoryUser[]) => list.map((u) => u.name);

describe('filterDirectory', () => {
  it('matches part of a name, ignoring case and accents', () => {
    expect(names(filterDirectory(index, 'LOVE'))).toEqual(['Ada Lovelace']);
    expect(names(filterDirectory(index, 'jose'))).toEqual(['José Ramírez']);
    expect(names(filterDirectory(index, 'ramírez'))).toEqual(['José Ramírez']);
  });

  it('matches a school by name, alias or abbreviation', () => {
    expect(names(filterDirectory(index, 'jesuit'))).toEqual(['Ada Lovelace']);
    expect(names(filterDirectory(index, 'PFT'))).toEqual(['José Ramírez']);
    expect(names(filterDirectory(index, 'east jeff'))).toEqual(['Bea Smith']);
  });

  it('matches a grade exactly, however it is written', () => {
    expect(names(filterDirectory(index, '12'))).toEqual(['Bea Smith', 'Sam Staff']);
    expect(names(filterDirectory(index, 'grade 9'))).toEqual(['José Ramírez']);
    expect(names(filterDirectory(index, '10th'))).toEqual(['Ada Lovelace']);
    // "1" is not grade 10, 11 or 12.
    expect(filterDirectory(index, '1')).toEqual([]);
  });

  it('narrows by every word, and an empty query keeps everyone', () => {
    expect(names(filterDirectory(index, 'smith 12'))).toEqual(['Bea Smith']);
    expect(names(filterDirectory(index, 'smith 11'))).toEqual([]);
    expect(filterDirectory(index, '   ')).toHaveLength(4);
  });
});

describe('groupDirectory', () => {
  it('orders schools as the registry does with "Other" last, then grades, then names', () => {
    const late = user({ name: 'Aaron Early', school: 'Jesuit High School', grade: 10 });
    const groups = groupDirectory([staff, bea, ada, jose, late], { includeEmpty: false });
    expect(groups.map((g) => g.school)).toEqual([
      'East Jefferson High School',
      'Jesuit High School',
      'Patrick F. Taylor Science & Technology Academy',
      OTHER_SCHOOL,
    ]);
    expect(groups[1].grades[0].users.map((u) => u.name)).toEqual(['Aaron Early', 'Ada Lovelace']);
  });

  it('lists every registry school when asked, empty ones included', () => {
    const groups = groupDirectory([ada], { includeEmpty: true });
    expect(groups).toHaveLength(21);
    expect(groups.find((g) => g.school === 'Homeschool')).toEqual({
      school: 'Homeschool',
      count: 0,
      grades: [],
    });
  });

  it('keeps 5,000 students fast enough for every keystroke', () => {
    const many = Array.from({ length: 5000 }, (_, i) =>
      user({
        name: `Student ${i}`,
        grade: 6 + (i % 7),
        school: i % 2 ? 'Jesuit High School' : 'Homeschool',
      }),
    );
    const big = buildDirectoryIndex(many);
    const started = performance.now();
    for (const q of ['s', 'st', 'stu', 'stud', 'student 4', 'student 49']) {
      groupDirectory(filterDirectory(big, q), { includeEmpty: false });
    }
    // Six keystrokes' worth of filtering and grouping, generously bounded for a busy CI machine.
    expect(performance.now() - started).toBeLessThan(300);
  });
});

beforeAll(() => registerCatalogue(loadCatalogue));

describe('directoryStats and formatHours', () => {
  it('counts students, sums hours and counts registry schools that have students', () => {
    expect(directoryStats([ada, jose, bea])).toEqual({ students: 3, hours: 7.5, schools: 3 });
    expect(directoryStats([])).toEqual({ students: 0, hours: 0, schools: 0 });
  });

  it('never counts staff as students, whatever school, grade or hours they carry', () => {
    const supervisor = user({ school: 'Jesuit High School', serviceHours: 3, isSupervisor: true });
    const admin = { ...staff, school: 'Chalmette High School', serviceHours: 2 };
    expect(directoryStats([ada, jose, bea, admin, supervisor])).toEqual({
      students: 3,
      hours: 7.5,
      schools: 3,
    });
    expect(directoryStats([])).toEqual({ students: 0, hours: 0, schools: 0 });
  });

  it('writes hours the way people say them', () => {
    expect(formatHours(1)).toBe('1 hour');
    expect(formatHours(4.5)).toBe('4.5 hours');
    expect(formatHours(0)).toBe('0 hours');
  });

  it('writes them in Spanish too', async () => {
    await changeLanguage('es');
    try {
      expect(formatHours(1)).toBe('1 hora');
      expect(formatHours(4.5)).toBe('4,5 horas');
      expect(formatHours(1234)).toBe('1234 horas');
    } finally {
      await changeLanguage('en');
    }
  });
});
