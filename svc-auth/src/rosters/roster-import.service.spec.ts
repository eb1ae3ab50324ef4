import { BadRequestException } from '@nestjs/common';
import { describe, expect, it, jest } from '@jest/globals';
import type { DataSource } from 'typeorm';
import type { AuditService, Identity, OutboxService } from '@district/service-kit';
import type { SessionStore } from '../sessions/session-store';
import type { UsersRepository } from '../users/users.repository';
import type { ParsedOrgs, ParsedUsers } from './oneroster-csv';
import { RosterImportService } from './roster-import.service';
import type { RostersRepository } from './rosters.repository';

const manager = {};
const admin: Identity = { id: 1, isAdmin: true, isSupervisor: false };
const rules = { teachers: 'none', administrators: 'none' } as const;
const diff = { created: 1, updated: 0, reactivated: 0, deactivated: 1, unchanged: 0 };
const orgs: ParsedOrgs = { orgs: new Map([['o1', 'Grand Isle School']]), errors: [] };
const usersOf = (orgIds: string): ParsedUsers => ({
  rows: [
    {
      sourcedId: 's1',
      role: 'student',
      email: 'a@x.test',
      givenName: 'A',
      familyName: 'B',
      school: '',
      grade: 9,
      orgSourcedIds: orgIds,
      line: 2,
    },
  ],
  errors: [],
});

function setup(changed = [{ id: 7, active: false }]) {
  const rosters = {
    lockForImport: jest.fn(async (..._a: unknown[]) => undefined),
    stage: jest.fn(async (..._a: unknown[]) => undefined),
    diff: jest.fn(async (..._a: unknown[]) => diff),
    applyStaged: jest.fn(async (..._a: unknown[]) => undefined),
    syncAccounts: jest.fn(async (..._a: unknown[]) => changed),
  };
  const users = {
    // Issue 31: the stored `active` rides along (id 7 was deactivated by this import).
    findForEvent: jest.fn(async (id: number) => ({
      view: { id, name: 'A', school: 'Grand Isle School' },
      active: id !== 7,
    })),
  };
  const outbox = { add: jest.fn(async (..._a: unknown[]) => 'event') };
  const audit = { record: jest.fn(async (..._a: unknown[]) => 'audit') };
  const sessions = { destroyAllForUser: jest.fn(async (_id: number) => 1) };
  const dataSource = { transaction: jest.fn(async (fn: (m: unknown) => unknown) => fn(manager)) };
  const sut = new RosterImportService(
    dataSource as unknown as DataSource,
    rosters as unknown as RostersRepository,
    users as unknown as UsersRepository,
    outbox as unknown as OutboxService,
    audit as unknown as AuditService,
    sessions as unknown as SessionStore,
  );
  return { sut, rosters, outbox, audit, sessions };
}

describe(RosterImportService.name, () => {
  it('previews without applying, auditing or signing anyone out', async () => {
    const { sut, rosters, audit, sessions } = setup();
    const result = await sut.importRoster(admin, orgs, usersOf('o1'), { dryRun: true, rules });
    expect(result).toEqual({ applied: false, ...diff });
    expect(rosters.stage).toHaveBeenCalledWith(manager, [
      expect.objectContaining({ sourcedId: 's1', school: 'Grand Isle School' }),
    ]);
    expect(rosters.applyStaged).not.toHaveBeenCalled();
    expect(audit.record).not.toHaveBeenCalled();
    expect(sessions.destroyAllForUser).not.toHaveBeenCalled();
  });

  it('applies: accounts that changed are told to every service, deactivated ones signed out, audited', async () => {
    const { sut, rosters, outbox, audit, sessions } = setup();
    const result = await sut.importRoster(admin, orgs, usersOf('o1'), { dryRun: false, rules });
    expect(result).toEqual({ applied: true, ...diff });
    expect(rosters.lockForImport).toHaveBeenCalledWith(manager);
    expect(rosters.syncAccounts).toHaveBeenCalledWith(manager, rules);
    expect(outbox.add).toHaveBeenCalledWith(
      manager,
      'user.updated',
      expect.objectContaining({ id: 7, active: false }),
    );
    expect(audit.record).toHaveBeenCalledWith(
      manager,
      expect.objectContaining({ actorId: 1, action: 'roster.import', outcome: 'success' }),
    );
    expect(sessions.destroyAllForUser).toHaveBeenCalledWith(7);
  });

  it('refuses a roster with a bad line (400 naming file and line) before touching the database', async () => {
    const { sut, rosters } = setup();
    const error = await sut
      .importRoster(admin, orgs, usersOf('o-unknown'), { dryRun: false, rules })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestException);
    expect((error as BadRequestException).getResponse()).toMatchObject({
      errors: [
        { path: 'users', message: expect.stringMatching(/^line 2: none of the orgs o-unknown/) },
      ],
    });
    expect(rosters.stage).not.toHaveBeenCalled();
  });
});
