import {
  ConflictException,
  ForbiddenException,
  GoneException,
  HttpException,
  HttpStatus,
  NotFoundException,
} from '@nestjs/common';
import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { DataSource, EntityManager } from 'typeorm';
import type { Logger } from 'pino';
import { CONFIRMATION_MAILS_MAX, EVENT_TYPES } from '@district/contracts';
import type {
  AuditService,
  Identity,
  Mailer,
  MailProcessor,
  OutboxService,
} from '@district/service-kit';
import type { HoursConfig } from '../hours.config';
import { createConfirmationToken, hashConfirmationToken } from './confirmation-token.util';
import type { ConfirmationRow, HourConfirmationsRepository } from './hour-confirmations.repository';
import type { HoursSettingsEntity } from './hours-settings.entity';
import { CONFIRMATION_MAIL_JOB, HourConfirmationsService } from './hour-confirmations.service';

const OWNER: Identity = { id: 101, isAdmin: false, isSupervisor: false };
const ADMIN: Identity = { id: 301, isAdmin: true, isSupervisor: false };
const client = { address: '203.0.113.9', userAgent: 'Mail client' };
const inAWeek = () => new Date(Date.now() + 7 * 24 * 60 * 60 * 1000);

function confirmation(overrides: Partial<ConfirmationRow> = {}): ConfirmationRow {
  return {
    id: 5,
    log_id: 1,
    user_id: OWNER.id,
    contact_email: 'lead@food.example',
    language: 'en',
    organisation: 'Food Bank',
    expires_at: inAWeek(),
    decision: null,
    mails_sent: 1,
    hours: '2.5',
    date: '2025-03-01',
    description: 'Sorted cans',
    status: 'pending',
    user_name: 'Ada Lovelace',
    school_name: 'Jesuit High School',
    ...overrides,
  };
}

const settings = (confirmationApproves: boolean) =>
  ({ id: 1, confirmationApproves }) as HoursSettingsEntity;

describe(HourConfirmationsService.name, () => {
  const manager = {} as EntityManager;
  const token = createConfirmationToken().token;
  let repo: jest.Mocked<
    Pick<
      HourConfirmationsRepository,
      | 'insert'
      | 'findByTokenHash'
      | 'findByLogIdForUpdate'
      | 'findLogOwner'
      | 'decide'
      | 'replaceToken'
      | 'approveByConfirmation'
      | 'settings'
      | 'saveSettings'
    >
  >;
  let mailJobs: jest.Mocked<Pick<MailProcessor, 'handle' | 'enqueue'>>;
  let mailer: jest.Mocked<Pick<Mailer, 'send'>>;
  let outbox: jest.Mocked<Pick<OutboxService, 'add'>>;
  let audit: jest.Mocked<Pick<AuditService, 'record'>>;
  let logger: jest.Mocked<Pick<Logger, 'warn'>>;
  let sut: HourConfirmationsService;

  beforeEach(() => {
    repo = {
      insert: jest.fn(async () => undefined),
      findByTokenHash: jest.fn(async () => confirmation()),
      findByLogIdForUpdate: jest.fn(async () => confirmation()),
      findLogOwner: jest.fn(async () => OWNER.id),
      decide: jest.fn(async () => undefined),
      replaceToken: jest.fn(async () => undefined),
      approveByConfirmation: jest.fn(async () => ({ user_id: OWNER.id, hours: '2.5' })),
      settings: jest.fn(async () => settings(false)),
      saveSettings: jest.fn(async () => undefined),
    };
    mailJobs = { handle: jest.fn(), enqueue: jest.fn(async () => undefined) };
    mailer = { send: jest.fn(async () => undefined) };
    outbox = { add: jest.fn(async () => 'event-id') };
    audit = { record: jest.fn(async () => 'audit-id') };
    logger = { warn: jest.fn() };
    // withTransaction calls dataSource.transaction(fn): the fake runs fn with one manager.
    const dataSource = {
      transaction: jest.fn(async (fn: (m: EntityManager) => unknown) => fn(manager)),
    };
    sut = new HourConfirmationsService(
      dataSource as unknown as DataSource,
      repo as unknown as HourConfirmationsRepository,
      mailJobs as unknown as MailProcessor,
      mailer as unknown as Mailer,
      outbox as unknown as OutboxService,
      audit as unknown as AuditService,
      { PUBLIC_URL: 'https://district.test' } as HoursConfig,
      logger as unknown as Logger,
    );
  });

  describe('open', () => {
    it('stores only the hash of the token it returns, expiring in the future', async () => {
      const plain = await sut.open(manager, 1, 'Food Bank', 'lead@food.example', 'es');
      const stored = repo.insert.mock.calls[0]![1];
      expect(stored).toMatchObject({
        logId: 1,
        tokenHash: hashConfirmationToken(plain),
        language: 'es',
      });
      expect(stored.expiresAt.getTime()).toBeGreaterThan(Date.now());
    });
  });

  describe('mailAfterCommit', () => {
    it('keeps the entry when the mail queue is down, with a warning', async () => {
      mailJobs.enqueue.mockRejectedValueOnce(new Error('Redis down'));
      await expect(sut.mailAfterCommit(1, token)).resolves.toBeUndefined();
      expect(logger.warn).toHaveBeenCalled();
    });
  });

  describe('deliver', () => {
    it("mails the organisation the entry with the student's first name and the link", async () => {
      await sut.deliver({ token });
      const mail = mailer.send.mock.calls[0]![0];
      expect(mail.to).toBe('lead@food.example');
      expect(JSON.stringify(mail)).toContain(`https://district.test/`);
      expect(JSON.stringify(mail)).toContain('Ada');
      expect(JSON.stringify(mail)).not.toContain('Lovelace');
    });

    it.each([
      ['a link already answered', confirmation({ decision: 'confirmed' })],
      ['an expired link', confirmation({ expires_at: new Date(Date.now() - 1000) })],
      ['a link replaced by a resend', undefined],
    ])('mails nothing for %s', async (_, row) => {
      repo.findByTokenHash.mockResolvedValueOnce(row);
      await sut.deliver({ token });
      expect(mailer.send).not.toHaveBeenCalled();
    });
  });

  describe('view', () => {
    it('answers 404 for a malformed or unknown link without looking up a malformed one', async () => {
      await expect(sut.view('nope', 'en')).rejects.toBeInstanceOf(NotFoundException);
      expect(repo.findByTokenHash).not.toHaveBeenCalled();
      repo.findByTokenHash.mockResolvedValueOnce(undefined);
      await expect(sut.view(token, 'en')).rejects.toBeInstanceOf(NotFoundException);
    });

    it('answers 410 for a used or expired link', async () => {
      repo.findByTokenHash.mockResolvedValueOnce(confirmation({ decision: 'declined' }));
      await expect(sut.view(token, 'en')).rejects.toBeInstanceOf(GoneException);
      repo.findByTokenHash.mockResolvedValueOnce(
        confirmation({ expires_at: new Date(Date.now() - 1) }),
      );
      await expect(sut.view(token, 'en')).rejects.toBeInstanceOf(GoneException);
    });

    it('shows the first name only, or "a student" in the reader\'s language without a name', async () => {
      expect(await sut.view(token, 'en')).toMatchObject({ firstName: 'Ada', hours: 2.5 });
      repo.findByTokenHash.mockResolvedValueOnce(confirmation({ user_name: null }));
      const view = await sut.view(token, 'es');
      expect(view.firstName).not.toBe('');
      expect(view.firstName).not.toBe((await sut.view(token, 'en')).firstName);
    });
  });

  describe('decide', () => {
    it('records a confirmation without approving while the setting is off', async () => {
      expect(
        await sut.decide(token, { decision: 'confirmed', comment: undefined }, client),
      ).toEqual({
        decision: 'confirmed',
      });
      expect(repo.findByTokenHash).toHaveBeenCalledWith(expect.any(String), manager, true);
      expect(repo.decide).toHaveBeenCalledWith(manager, 5, 'confirmed', null);
      expect(repo.approveByConfirmation).not.toHaveBeenCalled();
      expect(outbox.add).not.toHaveBeenCalled();
      expect(audit.record).toHaveBeenCalledWith(
        manager,
        expect.objectContaining({
          actorId: null,
          action: 'hours.confirm',
          detail: expect.objectContaining({
            contactEmail: 'lead@food.example',
            clientAddress: client.address,
            approved: false,
          }),
        }),
      );
    });

    it('approves the pending entry and sends its credit when the setting is on', async () => {
      repo.settings.mockResolvedValueOnce(settings(true));
      await sut.decide(token, { decision: 'confirmed', comment: 'Great help' }, client);
      expect(repo.approveByConfirmation).toHaveBeenCalledWith(manager, 1);
      expect(outbox.add).toHaveBeenCalledWith(manager, EVENT_TYPES.hoursApproved, {
        logId: 1,
        userId: OWNER.id,
        hours: 2.5,
      });
      expect(audit.record).toHaveBeenCalledWith(
        manager,
        expect.objectContaining({
          detail: expect.objectContaining({ approved: true, comment: 'Great help' }),
        }),
      );
    });

    it('sends no credit when the entry was reviewed meanwhile', async () => {
      repo.settings.mockResolvedValueOnce(settings(true));
      repo.approveByConfirmation.mockResolvedValueOnce(undefined);
      await sut.decide(token, { decision: 'confirmed', comment: undefined }, client);
      expect(outbox.add).not.toHaveBeenCalled();
    });

    it('never approves on a decline', async () => {
      repo.settings.mockResolvedValue(settings(true));
      await sut.decide(token, { decision: 'declined', comment: undefined }, client);
      expect(repo.approveByConfirmation).not.toHaveBeenCalled();
      expect(outbox.add).not.toHaveBeenCalled();
    });

    it('answers 410 for a second answer and records nothing', async () => {
      repo.findByTokenHash.mockResolvedValueOnce(confirmation({ decision: 'confirmed' }));
      await expect(
        sut.decide(token, { decision: 'declined', comment: undefined }, client),
      ).rejects.toBeInstanceOf(GoneException);
      expect(repo.decide).not.toHaveBeenCalled();
      expect(audit.record).not.toHaveBeenCalled();
    });
  });

  describe('resend', () => {
    it('replaces the token and mails the new link', async () => {
      await sut.resend(OWNER, 1);
      const [, id, tokenHash, expiresAt] = repo.replaceToken.mock.calls[0]!;
      expect(id).toBe(5);
      const mailed = (mailJobs.enqueue.mock.calls[0]![1] as { token: string }).token;
      expect(mailJobs.enqueue.mock.calls[0]![0]).toBe(CONFIRMATION_MAIL_JOB);
      expect(hashConfirmationToken(mailed)).toBe(tokenHash);
      expect(expiresAt.getTime()).toBeGreaterThan(Date.now());
    });

    it.each([
      ['another student', { user_id: 999 }, ForbiddenException],
      ['an answered request', { decision: 'confirmed' as const }, ConflictException],
    ])('refuses %s', async (_, overrides, Expected) => {
      repo.findByLogIdForUpdate.mockResolvedValueOnce(confirmation(overrides));
      await expect(sut.resend(OWNER, 1)).rejects.toBeInstanceOf(Expected);
      expect(mailJobs.enqueue).not.toHaveBeenCalled();
    });

    it(`answers 429 after ${CONFIRMATION_MAILS_MAX} mails`, async () => {
      repo.findByLogIdForUpdate.mockResolvedValueOnce(
        confirmation({ mails_sent: CONFIRMATION_MAILS_MAX }),
      );
      const error = await sut.resend(OWNER, 1).catch((e: unknown) => e);
      expect((error as HttpException).getStatus()).toBe(HttpStatus.TOO_MANY_REQUESTS);
      expect(repo.replaceToken).not.toHaveBeenCalled();
    });

    it.each([
      ['an unknown entry', undefined, NotFoundException],
      ["another student's entry", 999, ForbiddenException],
      ['an entry nobody was asked to confirm', OWNER.id, ConflictException],
    ])('without a request, refuses %s', async (_, owner, Expected) => {
      repo.findByLogIdForUpdate.mockResolvedValueOnce(undefined);
      repo.findLogOwner.mockResolvedValueOnce(owner);
      await expect(sut.resend(OWNER, 1)).rejects.toBeInstanceOf(Expected);
      expect(repo.findLogOwner).toHaveBeenCalledWith(manager, 1);
    });
  });

  describe('updateSettings', () => {
    it('lets only an admin change the setting', async () => {
      await expect(
        sut.updateSettings({ ...OWNER, isSupervisor: true }, { confirmationApproves: true }),
      ).rejects.toBeInstanceOf(ForbiddenException);
      expect(repo.saveSettings).not.toHaveBeenCalled();
    });

    it('saves it with an audit record of the old and new value', async () => {
      expect(await sut.updateSettings(ADMIN, { confirmationApproves: true })).toEqual({
        confirmationApproves: true,
      });
      expect(repo.saveSettings).toHaveBeenCalledWith(manager, true);
      expect(audit.record).toHaveBeenCalledWith(
        manager,
        expect.objectContaining({
          actorId: ADMIN.id,
          action: 'hours-settings.update',
          detail: { from: { confirmationApproves: false }, to: { confirmationApproves: true } },
        }),
      );
    });
  });
});
