import { describe, expect, it, jest } from '@jest/globals';
import type { DataSource, EntityManager } from 'typeorm';
import type { UserRefs } from '../users/user-ref';
import type { DirectoryRow } from './directory-user.util';
import type { DirectoryRepository } from './directory.repository';
import { DirectoryService } from './directory.service';

const row = (id: number, overrides: Partial<DirectoryRow> = {}): DirectoryRow => ({
  id,
  name: `Student ${id}`,
  school: 'Chalmette High School',
  grade: 10,
  avatar_url: null,
  service_hours: 1.5,
  is_admin: false,
  is_supervisor: false,
  directory_visible: true,
  ...overrides,
});

function setup(rows: DirectoryRow[]) {
  let version = 1;
  const manager = {} as EntityManager;
  const dataSource = {
    transaction: jest.fn(async (fn: (m: EntityManager) => unknown) => fn(manager)),
  };
  const directory: jest.Mocked<Pick<DirectoryRepository, 'readVersion' | 'readSnapshot'>> = {
    readVersion: jest.fn(async () => version),
    readSnapshot: jest.fn(async () => ({ version, rows })),
  };
  const refs = { of: (id: number) => `ref-${id}` } as unknown as UserRefs;
  const sut = new DirectoryService(
    dataSource as unknown as DataSource,
    directory as unknown as DirectoryRepository,
    refs,
  );
  return { sut, directory, manager, bump: () => (version += 1) };
}

const student = { id: 1, isAdmin: false, isSupervisor: false };
const staff = { id: 9, isAdmin: false, isSupervisor: true };
const list = (body: { json: Buffer }) =>
  JSON.parse(body.json.toString()) as Array<Record<string, unknown>>;

describe(DirectoryService.name, () => {
  it('staff see everyone (hidden marked, with ids); students see visible peers by ref, no ids', async () => {
    const { sut } = setup([row(1), row(2, { directory_visible: false })]);
    const forStaff = list((await sut.bodyFor(staff)).body);
    expect(forStaff).toHaveLength(2);
    expect(forStaff.find((u) => u.id === 2)).toMatchObject({ ref: 'ref-2', hidden: true });
    expect(forStaff.find((u) => u.id === 1)).not.toHaveProperty('hidden');
    // Admins see the same as supervisors.
    expect(
      list((await sut.bodyFor({ ...staff, isAdmin: true, isSupervisor: false })).body),
    ).toEqual(forStaff);
    const forStudent = list((await sut.bodyFor(student)).body);
    expect(forStudent.map((u) => u.ref)).toEqual(['ref-1']);
    expect(forStudent[0]).not.toHaveProperty('id');
  });

  it('a hidden student still sees their own card; the totals count everyone', async () => {
    const { sut } = setup([row(1), row(2, { directory_visible: false })]);
    const { body, totals } = await sut.bodyFor({ ...student, id: 2 });
    expect(
      list(body)
        .map((u) => u.ref)
        .sort(),
    ).toEqual(['ref-1', 'ref-2']);
    expect(totals).toEqual({ students: 2, serviceHours: 3, schools: 1 });
  });

  it("staff are never students: not in the students' list, not in any total", async () => {
    const { sut } = setup([
      row(1),
      row(7, { is_admin: true, school: 'Other', grade: 12, service_hours: 5 }),
      row(8, { is_supervisor: true, school: 'Jesuit High School', grade: 12, service_hours: 2 }),
    ]);
    const forStudent = await sut.bodyFor(student);
    expect(list(forStudent.body).map((u) => u.ref)).toEqual(['ref-1']);
    expect(forStudent.totals).toEqual({ students: 1, serviceHours: 1.5, schools: 1 });
    // Admins keep the staff cards (their roles are changed there), counted apart from students.
    const forStaff = await sut.bodyFor(staff);
    expect(list(forStaff.body).map((u) => u.id)).toEqual(expect.arrayContaining([1, 7, 8]));
    expect(forStaff.totals).toEqual(forStudent.totals);
  });

  it('builds once per directory version, in one transaction, and again after a change', async () => {
    const { sut, directory, manager, bump } = setup([row(1)]);
    await sut.bodyFor(student);
    await sut.bodyFor(staff);
    expect(directory.readSnapshot).toHaveBeenCalledTimes(1);
    expect(directory.readSnapshot).toHaveBeenCalledWith(manager);
    bump();
    await sut.bodyFor(student);
    expect(directory.readSnapshot).toHaveBeenCalledTimes(2);
  });

  it('two viewers with different lists never share an ETag', async () => {
    const { sut } = setup([row(1), row(2, { directory_visible: false })]);
    expect((await sut.bodyFor(staff)).body.etag).not.toBe((await sut.bodyFor(student)).body.etag);
  });
});
