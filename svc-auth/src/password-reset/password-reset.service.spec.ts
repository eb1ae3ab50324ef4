import { describe, expect, it, jest } from '@jest/globals';
import type { DataSource, EntityManager } from 'typeorm';
import type { Logger, Mailer, MailProcessor, Redis } from '@district/service-kit';
import type { AuthConfig } from '../auth.config';
import type { SessionStore } from '../sessions/session-store';
import type { PasswordHasher } from '../users/password-hasher.service';
import type { UsersRepository } from '../users/users.repository';
import type { PasswordResetRepository } from './password-reset.repository';
import { InvalidResetTokenError, PasswordResetService } from './password-reset.service';
import { hashResetToken } from './reset-token.util';

const account = { id: 7, name: 'Ada', username: 'ada', email: 'ada@example.org', language: 'es' };

function setup(options: { userId?: number; accounts?: (typeof account)[]; sent?: number } = {}) {
  const manager = {} as EntityManager;
  const dataSource = {
    transaction: jest.fn(async (fn: (m: EntityManager) => unknown) => fn(manager)),
  };
  const tokens = {
    spendToken: jest.fn(async (..._args: unknown[]) => ('userId' in options ? options.userId : 7)),
    spendAllForUser: jest.fn(async (..._args: unknown[]) => undefined),
    insertToken: jest.fn(async (..._args: unknown[]) => undefined),
  };
  const users = {
    setPasswordHash: jest.fn(async (..._args: unknown[]) => true),
    findByEmail: jest.fn(async (..._args: unknown[]) => options.accounts ?? [account]),
  };
  const hasher = { hash: jest.fn(async () => '$argon2id$new') };
  const sessions = { destroyAllForUser: jest.fn(async (_id: number) => undefined) };
  const mailJobs = { enqueue: jest.fn(async (..._job: unknown[]) => undefined), handle: jest.fn() };
  const mailer = { send: jest.fn(async (_mail: unknown) => undefined) };
  const count = options.sent ?? 1;
  const multi = { incr: () => multi, expire: () => multi, exec: async () => [[null, count]] };
  const redis = { multi: () => multi };
  const sut = new PasswordResetService(
    dataSource as unknown as DataSource,
    tokens as unknown as PasswordResetRepository,
    users as unknown as UsersRepository,
    hasher as unknown as PasswordHasher,
    sessions as unknown as SessionStore,
    mailJobs as unknown as MailProcessor,
    mailer as unknown as Mailer,
    redis as unknown as Redis,
    { PUBLIC_URL: 'http://district.test', BULLMQ_PREFIX: 't' } as unknown as AuthConfig,
    { warn: jest.fn() } as unknown as Logger,
  );
  return { sut, tokens, users, sessions, mailJobs, mailer, manager };
}

describe(PasswordResetService.name, () => {
  it('only queues the address on request: the answer never depends on the account existing', async () => {
    const { sut, mailJobs, users } = setup();
    await sut.request('who@example.org');
    expect(mailJobs.enqueue).toHaveBeenCalledWith(expect.any(String), { email: 'who@example.org' });
    expect(users.findByEmail).not.toHaveBeenCalled();
  });

  it('mails one link per account with the address, in its language, storing only the hash', async () => {
    const twin = { ...account, id: 8, username: 'ada2' };
    const { sut, tokens, mailer } = setup({ accounts: [account, twin] });
    await sut.deliver({ email: 'ada@example.org' });
    expect(mailer.send).toHaveBeenCalledTimes(2);
    const [firstMail] = mailer.send.mock.calls[0] as unknown as [{ to: string; text: string }];
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(firstMail.text)?.[1] as string;
    expect(tokens.insertToken).toHaveBeenCalledWith(7, hashResetToken(token), expect.any(Number));
  });

  it('sends nothing past the hourly limit per address, or for an unknown address', async () => {
    const limited = setup({ sent: 99 });
    await limited.sut.deliver({ email: 'ada@example.org' });
    expect(limited.mailer.send).not.toHaveBeenCalled();
    const unknown = setup({ accounts: [] });
    await unknown.sut.deliver({ email: 'nobody@example.org' });
    expect(unknown.mailer.send).not.toHaveBeenCalled();
  });

  it('reset: spends the link, sets the password, spends the other links and ends every session', async () => {
    const { sut, tokens, users, sessions, manager } = setup();
    await sut.reset('tok', 'new password');
    expect(tokens.spendToken).toHaveBeenCalledWith(manager, hashResetToken('tok'));
    expect(users.setPasswordHash).toHaveBeenCalledWith(manager, 7, '$argon2id$new');
    expect(tokens.spendAllForUser).toHaveBeenCalledWith(manager, 7);
    expect(sessions.destroyAllForUser).toHaveBeenCalledWith(7);
  });

  it('reset with an unknown, spent or expired link is a 400 and changes nothing', async () => {
    const { sut, users, sessions } = setup({ userId: undefined });
    await expect(sut.reset('tok', 'new password')).rejects.toBeInstanceOf(InvalidResetTokenError);
    expect(users.setPasswordHash).not.toHaveBeenCalled();
    expect(sessions.destroyAllForUser).not.toHaveBeenCalled();
  });
});
