import { describe, expect, it } from '@jest/globals';
import {
  compareDirectoryUsers,
  directoryUserOf,
  peerView,
  SchoolCanonicalizer,
  toDirectoryUser,
  type DirectoryRow,
} from './directory-user.util';
import { UserRefs } from '../users/user-ref';
import type { AuthConfig } from '../auth.config';

const refs = new UserRefs({ IDENTITY_SECRET: 'x'.repeat(32) } as AuthConfig);

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
    expect(toDirectoryUser(row({ school: 'PFT' }), schools, refs)).toEqual({
      ref: refs.of(1),
      id: 1,
      name: 'Ada',
      school: 'Patrick F. Taylor Science & Technology Academy',
      grade: 10,
      avatarUrl: null,
      serviceHours: 4.5,
      isAdmin: false,
      isSupervisor: false,
    });
    expect(toDirectoryUser(row({ school: 'Nowhere Prep' }), schools, refs).school).toBe('Other');
    expect(
      directoryUserOf({ ...toDirectoryUser(row({}), schools, refs), school: 'east jeff' }, refs)
        .school,
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
    ].map((r) => toDirectoryUser(r, schools, refs));
    expect(users.sort(compareDirectoryUsers).map((u) => u.id)).toEqual([4, 5, 2, 1, 3]);
    // Peers' rows (no id) sort the same way.
    expect(
      users
        .map(peerView)
        .sort(compareDirectoryUsers)
        .map((u) => u.ref),
    ).toEqual([4, 5, 2, 1, 3].map((id) => refs.of(id)));
  });
});

describe(UserRefs.name, () => {
  it('gives a stable, opaque 16-character ref per user, different per user and per secret', () => {
    const ref = refs.of(42);
    expect(ref).toMatch(/^[\w-]{8}$/);
    expect(new UserRefs({ IDENTITY_SECRET: 'x'.repeat(32) } as AuthConfig).of(42)).toBe(ref);
    expect(refs.of(43)).not.toBe(ref);
    expect(new UserRefs({ IDENTITY_SECRET: 'y'.repeat(32) } as AuthConfig).of(42)).not.toBe(ref);
    expect(ref).not.toContain('42');
  });

  it('peerView drops the id and nothing else', () => {
    const user = toDirectoryUser(row({ id: 7 }), new SchoolCanonicalizer(), refs);
    const { id: _id, ...rest } = user;
    expect(peerView(user)).toEqual(rest);
    expect('id' in peerView(user)).toBe(false);
  });
});
