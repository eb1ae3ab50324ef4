import { describe, expect, it, jest } from '@jest/globals';
import type { DataSource, EntityManager } from 'typeorm';
import type { AuditService, Logger, Mailer, MailProcessor, Redis } from '@district/service-kit';
import type { AuthConfig } from '../auth.config';
import { hashResetToken } from '../password-reset/reset-token.util';
import type { SessionStore } from '../sessions/session-store';
import type { UsersRepository } from '../users/users.repository';
import type { DistrictIdentitiesRepository } from './district-identities.repository';
import { DistrictClaimService } from './district-claim.service';

const account = { id: 7, name: 'Ada', username: 'ada', email: 'ada@students.test', language: 'es' };
const pending = { userId: 7, issuer: 'https://idp.test', subject: 'sub-7' };

function setup(
  options: { claim?: typeof pending | undefined; linked?: number | null; sent?: number } = {},
) {
  const manager = {} as EntityManager;
  const dataSource = {
    transaction: jest.fn(async (fn: (m: EntityManager) => unknown) => fn(manager)),
  };
  const identities = {
    insertClaimToken: jest.fn(async (..._a: unknown[]) => undefined),
    spendClaimToken: jest.fn(async (..._a: unknown[]) =>
      'claim' in options ? options.claim : pending,
    ),
    findUserId: jest.fn(async (..._a: unknown[]) => options.linked ?? null),
    link: jest.fn(async (..._a: unknown[]) => undefined),
    removePassword: jest.fn(async (..._a: unknown[]) => undefined),
  };
  const users = { findContacts: jest.fn(async (..._a: unknown[]) => [account]) };
  const sessions = { destroyAllForUser: jest.fn(async (_id: number) => 2) };
  const audit = { record: jest.fn(async (..._a: unknown[]) => undefined) };
  const mailJobs = { enqueue: jest.fn(async (..._a: unknown[]) => undefined), handle: jest.fn() };
  const mailer = { send: jest.fn(async (_mail: unknown) => undefined) };
  const count = options.sent ?? 1;
  const multi = { incr: () => multi, expire: () => multi, exec: async () => [[null, count]] };
  const sut = new DistrictClaimService(
    dataSource as unknown as DataSource,
    identities as unknown as DistrictIdentitiesRepository,
    users as unknown as UsersRepository,
    sessions as unknown as SessionStore,
    audit as unknown as AuditService,
    mailJobs as unknown as MailProcessor,
    mailer as unknown as Mailer,
    { multi: () => multi } as unknown as Redis,
    { PUBLIC_URL: 'http://district.test', BULLMQ_PREFIX: 't' } as unknown as AuthConfig,
    { warn: jest.fn() } as unknown as Logger,
  );
  return { sut, identities, sessions, audit, mailJobs, mailer };
}

describe(DistrictClaimService.name, () => {
  it('queues the mail for the pending district sign-in, without waiting for SMTP', async () => {
    const { sut, mailJobs, mailer } = setup();
    await sut.request(pending);
    expect(mailJobs.enqueue).toHaveBeenCalledWith('district-claim', pending);
    expect(mailer.send).not.toHaveBeenCalled();
  });

  it('mails the account’s own address a 30-minute link in its language, storing only the hash', async () => {
    const { sut, identities, mailer } = setup();
    await sut.deliver(pending);
    const mail = mailer.send.mock.calls[0]![0] as { to: string; subject: string; text: string };
    expect(mail.to).toBe(account.email);
    expect(mail.subject).toBe('Vincula tu cuenta del distrito');
    const token = /claim\/([\w-]+)/.exec(mail.text)![1]!;
    expect(identities.insertClaimToken).toHaveBeenCalledWith(
      {
        userId: 7,
        issuer: pending.issuer,
        subject: pending.subject,
        tokenHash: hashResetToken(token),
      },
      30,
    );
  });

  it('sends nothing past the hourly limit for one account', async () => {
    const { sut, mailer, identities } = setup({ sent: 4 });
    await sut.deliver(pending);
    expect(mailer.send).not.toHaveBeenCalled();
    expect(identities.insertClaimToken).not.toHaveBeenCalled();
  });

  it('gives the account to the district identity: linked, password removed, audited, sessions ended last', async () => {
    const { sut, identities, sessions, audit } = setup();
    expect(await sut.claim('token')).toEqual({ userId: 7, subject: 'sub-7', language: 'es' });
    expect(identities.spendClaimToken).toHaveBeenCalledWith(
      expect.anything(),
      hashResetToken('token'),
    );
    expect(identities.link).toHaveBeenCalledWith(expect.anything(), 7, pending.issuer, 'sub-7');
    expect(identities.removePassword).toHaveBeenCalledWith(expect.anything(), 7);
    expect(audit.record).toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({ action: 'user.district-claim', actorId: 7 }),
    );
    expect(sessions.destroyAllForUser).toHaveBeenCalledWith(7);
    expect(sessions.destroyAllForUser.mock.invocationCallOrder[0]).toBeGreaterThan(
      identities.removePassword.mock.invocationCallOrder[0]!,
    );
  });

  it('changes nothing for a spent, expired or unknown link, or an identity that opens another account', async () => {
    for (const options of [{ claim: undefined }, { linked: 9 }]) {
      const { sut, identities, sessions } = setup(options);
      expect(await sut.claim('token')).toBeNull();
      expect(identities.removePassword).not.toHaveBeenCalled();
      expect(sessions.destroyAllForUser).not.toHaveBeenCalled();
    }
  });
});
