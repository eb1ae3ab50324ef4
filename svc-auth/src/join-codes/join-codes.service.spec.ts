import { ForbiddenException, NotFoundException } from '@nestjs/common';
import { describe, expect, it, jest } from '@jest/globals';
import type { DataSource } from 'typeorm';
import type { AuditService, Identity } from '@district/service-kit';
import type { UsersRepository } from '../users/users.repository';
import type { JoinCode } from './join-code.entity';
import type { JoinCodesRepository } from './join-codes.repository';
import { drawJoinCode, JoinCodesService } from './join-codes.service';

const manager = {};
const admin: Identity = { id: 1, isAdmin: true, isSupervisor: false };
const supervisor: Identity = { id: 2, isAdmin: false, isSupervisor: true };
const input = {
  school: 'Riverdale High School' as const,
  uses: 30,
  expiresAt: '2099-01-01T00:00:00Z',
};
const row = (fields: Partial<JoinCode> = {}): JoinCode =>
  ({
    id: 5,
    code: 'ABCDEFGH',
    school: 'Riverdale High School',
    uses: 30,
    used: 3,
    expiresAt: new Date('2099-01-01T00:00:00Z'),
    createdAt: new Date('2026-01-01T00:00:00Z'),
    revokedAt: null,
    createdBy: 2,
    ...fields,
  }) as JoinCode;

function setup(
  options: { ownSchool?: string; inserts?: Array<number | null>; found?: JoinCode | null } = {},
) {
  const inserts = [...(options.inserts ?? [9])];
  const codes = {
    insert: jest.fn(async (..._args: unknown[]) => inserts.shift() ?? null),
    list: jest.fn(async (_school?: string) => [row()]),
    find: jest.fn(async (..._args: unknown[]) =>
      options.found === undefined ? row() : options.found,
    ),
    revoke: jest.fn(async (..._args: unknown[]) => undefined),
    takeUse: jest.fn(async (..._args: unknown[]) => 'Riverdale High School'),
  };
  const users = {
    findView: jest.fn(async (_id: number) => ({ school: options.ownSchool ?? 'Riverdale High' })),
  };
  const audit = { record: jest.fn(async (..._args: unknown[]) => undefined) };
  const dataSource = { transaction: jest.fn(async (fn: (m: unknown) => unknown) => fn(manager)) };
  const sut = new JoinCodesService(
    dataSource as unknown as DataSource,
    codes as unknown as JoinCodesRepository,
    users as unknown as UsersRepository,
    audit as unknown as AuditService,
  );
  return { sut, codes, audit };
}

describe(JoinCodesService.name, () => {
  it('draws 8 symbols that cannot be misread (no 0/O, 1/I/L)', () => {
    for (let i = 0; i < 200; i += 1) expect(drawJoinCode()).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
  });

  it('lets a supervisor create a code for their own school (free text matched), audited', async () => {
    const { sut, codes, audit } = setup();
    const created = await sut.create(supervisor, input);
    expect(created).toEqual({ id: 9, code: expect.stringMatching(/^[A-Z2-9]{8}$/) });
    expect(codes.insert).toHaveBeenCalledWith(
      manager,
      expect.objectContaining({ school: 'Riverdale High School', uses: 30, createdBy: 2 }),
    );
    expect(audit.record).toHaveBeenCalledWith(
      manager,
      expect.objectContaining({ action: 'join-code.create', target: { type: 'join-code', id: 9 } }),
    );
  });

  it('draws again when a code is taken', async () => {
    const { sut, codes } = setup({ inserts: [null, null, 11] });
    expect((await sut.create(admin, input)).id).toBe(11);
    expect(codes.insert).toHaveBeenCalledTimes(3);
  });

  it("refuses (403) a supervisor another school's codes, writing nothing", async () => {
    const { sut, codes } = setup({ ownSchool: 'Jesuit High School' });
    await expect(sut.create(supervisor, input)).rejects.toBeInstanceOf(ForbiddenException);
    await expect(sut.revoke(supervisor, 5)).rejects.toBeInstanceOf(ForbiddenException);
    expect(codes.insert).not.toHaveBeenCalled();
    expect(codes.revoke).not.toHaveBeenCalled();
  });

  it("lists a supervisor's own school only, an admin's all, with whether each is usable", async () => {
    const { sut, codes } = setup();
    codes.list.mockResolvedValueOnce([row(), row({ id: 6, used: 30 })]);
    const listed = await sut.list(supervisor);
    expect(codes.list).toHaveBeenCalledWith('Riverdale High School');
    expect(listed.map((c) => c.active)).toEqual([true, false]);
    await sut.list(admin);
    expect(codes.list).toHaveBeenLastCalledWith(undefined);
  });

  it('revokes once (audited), answers 404 for an unknown code', async () => {
    const { sut, codes, audit } = setup();
    await sut.revoke(admin, 5);
    expect(codes.revoke).toHaveBeenCalledWith(manager, 5);
    expect(audit.record).toHaveBeenCalledWith(
      manager,
      expect.objectContaining({ action: 'join-code.revoke' }),
    );
    const again = setup({ found: row({ revokedAt: new Date() }) });
    await again.sut.revoke(admin, 5);
    expect(again.codes.revoke).not.toHaveBeenCalled();
    expect(again.audit.record).not.toHaveBeenCalled();
    await expect(setup({ found: null }).sut.revoke(admin, 5)).rejects.toBeInstanceOf(
      NotFoundException,
    );
  });

  it('takes a use of the code as typed, normalised (case, spaces, dashes)', async () => {
    const { sut, codes } = setup();
    expect(await sut.takeUse(manager as never, ' abcd-efgh ')).toBe('Riverdale High School');
    expect(codes.takeUse).toHaveBeenCalledWith(manager, 'ABCDEFGH');
  });
});
