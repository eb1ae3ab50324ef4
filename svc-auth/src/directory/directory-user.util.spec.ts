import { describe, expect, it } from '@jest/globals';
import {
  compareDirectoryUsers,
  directoryUserOf,
  SchoolCanonicalizer,
  toDirectoryUser,
  type DirectoryRow,
} from './directory-user.util';

const row = (overrides: Partial<DirectoryRow>): DirectoryRow => ({
  id: 1,
  name: 'Ada',
  school: 'Jesuit High School',
  grade: 10,
  avatar_url: null,
  service_hours: 4.5,
  is_admin: false,
  is_supervisor: false,
  directory_visible: true,
  ...overrides,
});

describe(toDirectoryUser.name, () => {
  it('gives the screen shape with the registry school, "Other" when nothing matches', () => {
    const schools = new SchoolCanonicalizer();
    expect(toDirectoryUser(row({ school: 'PFT' }), schools)).toEqual({
      id: 1,
      name: 'Ada',
      school: 'Patrick F. Taylor Science & Technology Academy',
      grade: 10,
      avatarUrl: null,
      serviceHours: 4.5,
      isAdmin: false,
      isSupervisor: false,
    });
    expect(toDirectoryUser(row({ school: 'Nowhere Prep' }), schools).school).toBe('Other');
    expect(
      directoryUserOf({ ...toDirectoryUser(row({}), schools), school: 'east jeff' }).school,
    ).toBe('East Jefferson High School');
  });

  it('sorts by registry school ("Other" last), grade, then name', () => {
    const schools = new SchoolCanonicalizer();
    const users = [
      row({ id: 1, name: 'Zed', school: 'Homeschool', grade: 9 }),
      row({ id: 2, name: 'amy', school: 'Homeschool', grade: 9 }),
      row({ id: 3, name: 'Bo', school: 'unknown place', grade: 6 }),
      row({ id: 4, name: 'Cy', school: 'Bonnabel Magnet Academy High School', grade: 12 }),
      row({ id: 5, name: 'Di', school: 'Homeschool', grade: 7 }),
    ].map((r) => toDirectoryUser(r, schools));
    expect(users.sort(compareDirectoryUsers).map((u) => u.id)).toEqual([4, 5, 2, 1, 3]);
  });
});
