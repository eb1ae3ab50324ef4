import { ConflictException, NotFoundException } from '@nestjs/common';
import { describe, expect, it, jest } from '@jest/globals';
import type { DataSource, EntityManager } from 'typeorm';
import type {
  AuditService,
  Logger,
  Mailer,
  MailProcessor,
  OutboxService,
} from '@district/service-kit';
import type { AdminUsersService } from '../admin-users/admin-users.service';
import type { AuthConfig } from '../auth.config';
import { hashResetToken } from '../password-reset/reset-token.util';
import type { PrivacySettingsRepository } from '../privacy/privacy-settings.repository';
import type { UserView } from '../users/user-view';
import type { UsersRepository } from '../users/users.repository';
import type { GuardianConsentRepository } from './guardian-consent.repository';
import { GuardianConsentService, InvalidConsentLinkError } from './guardian-consent.service';

const client = { address: '203.0.113.9', userAgent: 'Firefox' };
const view = { id: 7, name: 'Ada', restricted: false } as UserView;
const pendingRow = {
  id: 7,
  name: 'Ada',
  school: 'Homeschool',
  grade: 6,
  guardian_email: 'mum@example.org',
  deadline: new Date('2026-12-01T00:00:00Z'),
};

function setup(
  options: {
    granted?: { id: number; guardianEmail: string } | undefined;
    row?: typeof pendingRow | undefined;
    countMail?: 'counted' | 'limit' | 'not-pending';
    deleteError?: Error;
  } = {},
) {
  const manager = {} as EntityManager;
  const dataSource = {
    transaction: jest.fn(async (fn: (m: EntityManager) => unknown) => fn(manager)),
  };
  const consents = {
    grant: jest.fn(async (..._args: unknown[]) =>
      'granted' in options ? options.granted : { id: 7, guardianEmail: 'mum@example.org' },
    ),
    findByToken: jest.fn(async () => ('row' in options ? options.row : pendingRow)),
    countMail: jest.fn(async () => options.countMail ?? 'counted'),
    findOverdue: jest.fn(async () => [
      { id: 7, guardianEmail: 'a@example.org' },
      { id: 8, guardianEmail: 'b@example.org' },
    ]),
  };
  const users = {
    findView: jest.fn(async (..._args: unknown[]): Promise<UserView | null> => view),
    findForEvent: jest.fn(async (..._args: unknown[]) => ({ view, active: true })),
  };
  const settings = {
    read: jest.fn(async () => ({
      directoryVisibleByDefault: false,
      consentMode: 'guardian',
      registrationPolicy: 'open',
    })),
  };
  const adminUsers: jest.Mocked<Pick<AdminUsersService, 'deleteWithoutConsent'>> = {
    deleteWithoutConsent: jest.fn(async (..._args: unknown[]) => {
      if (options.deleteError) throw options.deleteError;
    }),
  };
  const outbox: jest.Mocked<Pick<OutboxService, 'add'>> = { add: jest.fn(async () => 'event-id') };
  const audit: jest.Mocked<Pick<AuditService, 'record'>> = {
    record: jest.fn(async () => 'record-id'),
  };
  const mailJobs = {
    enqueue: jest.fn(async (..._job: unknown[]) => undefined),
    handle: jest.fn(),
  };
  const sut = new GuardianConsentService(
    dataSource as unknown as DataSource,
    consents as unknown as GuardianConsentRepository,
    users as unknown as UsersRepository,
    settings as unknown as PrivacySettingsRepository,
    adminUsers as unknown as AdminUsersService,
    outbox as unknown as OutboxService,
    audit as unknown as AuditService,
    mailJobs as unknown as MailProcessor,
    {} as Mailer,
    { PUBLIC_URL: 'http://district.test', CONSENT_DEADLINE_DAYS: 30 } as unknown as AuthConfig,
    { info: jest.fn() } as unknown as Logger,
  );
  return { sut, consents, users, adminUsers, outbox, audit, mailJobs, manager };
}

describe(GuardianConsentService.name, () => {
  it('consent: spends the hashed link, lifts the restriction by user.updated and audits the answer', async () => {
    const { sut, consents, outbox, audit, manager } = setup();
    expect(await sut.consent('tok', client)).toBe(view);
    // The district's default directory choice applies once the account is released.
    expect(consents.grant).toHaveBeenCalledWith(manager, hashResetToken('tok'), false);
    expect(outbox.add).toHaveBeenCalledWith(
      manager,
      'user.updated',
      expect.objectContaining({ id: 7 }),
    );
    expect(audit.record).toHaveBeenCalledWith(
      manager,
      expect.objectContaining({
        actorId: null,
        action: 'consent.grant',
        detail: expect.objectContaining({
          guardianEmail: 'mum@example.org',
          address: '203.0.113.9',
        }),
      }),
    );
  });

  it('consent with a spent or unknown link answers 404 and changes nothing', async () => {
    const { sut, outbox, audit } = setup({ granted: undefined });
    await expect(sut.consent('tok', client)).rejects.toBeInstanceOf(InvalidConsentLinkError);
    expect(outbox.add).not.toHaveBeenCalled();
    expect(audit.record).not.toHaveBeenCalled();
  });

  it('refuse deletes the account through the admins path, with the guardian and the address', async () => {
    const { sut, adminUsers } = setup();
    await sut.refuse('tok', client);
    expect(adminUsers.deleteWithoutConsent).toHaveBeenCalledWith(
      'consent.refuse',
      7,
      expect.objectContaining({ guardianEmail: 'mum@example.org', address: '203.0.113.9' }),
    );
  });

  it('a second answer racing the first (account already gone) is an invalid link, not a 500', async () => {
    const { sut } = setup({ deleteError: new NotFoundException() });
    await expect(sut.refuse('tok', client)).rejects.toBeInstanceOf(InvalidConsentLinkError);
  });

  it('resend: counts, audits and queues a mail; 409 past the limit or once answered, 404 for no account', async () => {
    const ok = setup();
    await ok.sut.resend({ id: 1, isAdmin: true, isSupervisor: false }, 7);
    expect(ok.audit.record).toHaveBeenCalledWith(
      ok.manager,
      expect.objectContaining({ action: 'consent.resend' }),
    );
    expect(ok.mailJobs.enqueue).toHaveBeenCalledWith('guardian-consent', { userId: 7 });

    const limit = setup({ countMail: 'limit' });
    await expect(limit.sut.resend({ id: 1 } as never, 7)).rejects.toBeInstanceOf(ConflictException);
    expect(limit.mailJobs.enqueue).not.toHaveBeenCalled();

    const answered = setup({ countMail: 'not-pending' });
    await expect(answered.sut.resend({ id: 1 } as never, 7)).rejects.toBeInstanceOf(
      ConflictException,
    );

    const gone = setup({ countMail: 'not-pending' });
    gone.users.findView.mockResolvedValue(null as never);
    await expect(gone.sut.resend({ id: 1 } as never, 7)).rejects.toBeInstanceOf(NotFoundException);
  });

  it('the sweep deletes each overdue account and skips one deleted meanwhile', async () => {
    const { sut, adminUsers } = setup();
    adminUsers.deleteWithoutConsent
      .mockResolvedValueOnce(undefined)
      .mockRejectedValueOnce(new NotFoundException());
    expect(await sut.deleteOverdue()).toEqual([7]);
    expect(adminUsers.deleteWithoutConsent).toHaveBeenCalledWith('consent.expire', 8, {
      guardianEmail: 'b@example.org',
    });
  });
});
