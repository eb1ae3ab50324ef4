import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { API_MESSAGES } from '@district/contracts';
import {
  MailSink,
  mailParts,
  PUBLISHED_AUDIT_LOG,
  type CapturedMail,
  callService,
  clearRedisPrefix,
  createTestDatabase,
  startTestService,
  type TestDatabase,
  type TestService,
} from '@district/service-kit/testing';
import {
  ADMIN,
  logBody,
  OTHER_STUDENT,
  STUDENT,
  SUPERVISOR,
  type Caller,
  hoursEvents,
  hoursTestConfig,
  type HoursEvents,
  type Json,
  type RequestOptions,
} from './support/hours-fixtures';
import type { ServiceConfig } from '@district/service-kit';
import { DataSource } from 'typeorm';
import { AppModule, SERVICE } from '../src/app.module';

const CONTACT = 'coordinator@foodbank.example';

// Issue 19 "Verification by the organisation": a mailed single-use link, no account needed.
describe('verification by the organisation (real PostgreSQL, Redis and SMTP sink)', () => {
  let database: TestDatabase;
  let config: ServiceConfig;
  let service: TestService;
  let db: DataSource;
  let events: HoursEvents;
  const request = <T = Json>(method: string, path: string, options?: RequestOptions) =>
    callService<T>(service.url, method, path, options);
  const sink = new MailSink();

  const linkIn = (mail: CapturedMail) => {
    const text = mailParts(mail.raw).parts.find((p) => p.contentType.startsWith('text/plain'));
    const match = /http:\/\/district\.test\/confirm-hours\/([A-Za-z0-9_-]{43})/.exec(
      text?.body ?? '',
    );
    if (!match) throw new Error(`no confirmation link in:\n${text?.body}`);
    return { token: match[1], text: text?.body ?? '' };
  };
  // Logs hours with a contact and returns the entry and the token of the mail that follows.
  const logWithContact = async (as: Caller = STUDENT, overrides: Record<string, unknown> = {}) => {
    const since = sink.messages.length;
    const res = await request('POST', '/api/service-hours', {
      as,
      json: logBody({ organisation: 'Eastside Food Bank', contactEmail: CONTACT, ...overrides }),
    });
    expect(res.status).toBe(201);
    const mail = await sink.waitFor(CONTACT, { since });
    return { entry: res.body, ...linkIn(mail), mail };
  };
  const page = (token: string) => request('GET', `/api/hour-confirmations/${token}`);
  const answer = (token: string, json: Record<string, unknown>, headers = {}) =>
    request('POST', `/api/hour-confirmations/${token}`, { json, headers });
  const entryOf = async (id: number, as: Caller = SUPERVISOR) =>
    ((await request('GET', '/api/service-hours', { as })).body as Array<{ id: number }>).find(
      (e) => e.id === id,
    ) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  const setApproves = (confirmationApproves: boolean, as: Caller = ADMIN) =>
    request('PATCH', '/api/service-hours/settings', { as, json: { confirmationApproves } });

  beforeAll(async () => {
    const smtpUrl = await sink.start();
    database = await createTestDatabase('hours');
    config = hoursTestConfig(database, { smtpUrl });
    service = await startTestService(AppModule.forRoot(), config, { service: SERVICE });
    db = service.app.get(DataSource);
    events = hoursEvents(config, db);
    await events.registerUser({ id: STUDENT.id, name: 'Ada Lovelace Student' });
    await events.registerUser({ id: OTHER_STUDENT.id, name: 'Bo Other' });
  });

  afterAll(async () => {
    await events?.close();
    await service?.close();
    if (config) await clearRedisPrefix(config.BULLMQ_PREFIX);
    await database?.drop();
    await sink.stop();
  });

  beforeEach(async () => {
    expect((await setApproves(false)).status).toBe(200);
  });

  it('mails the contact a link whose page shows the entry with the first name only', async () => {
    const { entry, token, text, mail } = await logWithContact(STUDENT, {
      hours: 2.5,
      description: 'Sorted cans at the food bank',
    });
    expect(mail.to).toEqual([CONTACT]);
    expect(text).toContain(
      'Ada (Jesuit High School) logged 2.5 hours of volunteering with Eastside Food Bank',
    );
    expect(text).not.toContain('Lovelace');
    expect(entry.confirmation).toMatchObject({
      organisation: 'Eastside Food Bank',
      contactEmail: CONTACT,
      decision: null,
      mailsSent: 1,
    });
    // Only the hash is stored.
    const stored = await db.query(
      `SELECT "token_hash" FROM "hour_confirmations" WHERE "log_id" = $1`,
      [entry.id],
    );
    expect(stored[0].token_hash).not.toContain(token);

    const view = await page(token);
    expect(view.status).toBe(200);
    // Exactly these fields: no surname, no ids, no contact address, no status.
    expect(view.body).toEqual({
      firstName: 'Ada',
      school: 'Jesuit High School',
      hours: 2.5,
      date: '2025-03-01',
      description: 'Sorted cans at the food bank',
      organisation: 'Eastside Food Bank',
    });
  });

  it('asks for both the organisation and the e-mail, or neither', async () => {
    const res = await request('POST', '/api/service-hours', {
      as: STUDENT,
      json: logBody({ organisation: 'Eastside Food Bank' }),
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { path: string }) => e.path)).toEqual(['contactEmail']);
    const bad = await request('POST', '/api/service-hours', {
      as: STUDENT,
      json: logBody({ organisation: 'Eastside Food Bank', contactEmail: 'not-an-address' }),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      { path: 'contactEmail', message: 'Enter a valid e-mail address' },
    ]);
  });

  it('records one decision per link: confirm, then the link is used (410)', async () => {
    const { entry, token } = await logWithContact();
    const res = await answer(
      token,
      { decision: 'confirmed', comment: 'She was great' },
      { 'user-agent': 'Contact Browser/1.0' },
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ decision: 'confirmed' });

    const again = await answer(token, { decision: 'declined' });
    expect(again.status).toBe(410);
    expect(again.body.message).toBe(API_MESSAGES.confirmationGone);
    expect((await page(token)).status).toBe(410);

    const seen = await entryOf(entry.id);
    expect(seen.confirmation).toMatchObject({ decision: 'confirmed', comment: 'She was great' });
    // Default setting: a supervisor still reviews.
    expect(seen.status).toBe('pending');

    const audit = await db.query(
      `SELECT actor_id, action, outcome, detail FROM ${PUBLISHED_AUDIT_LOG}
        WHERE action = 'hours.confirm' AND target_id = $1`,
      [String(entry.id)],
    );
    expect(audit).toEqual([
      {
        actor_id: null,
        action: 'hours.confirm',
        outcome: 'success',
        detail: expect.objectContaining({
          decision: 'confirmed',
          contactEmail: CONTACT,
          organisation: 'Eastside Food Bank',
          clientAddress: expect.any(String),
          userAgent: 'Contact Browser/1.0',
          approved: false,
        }),
      },
    ]);
  });

  it('answers an unknown or malformed token with 404 and an expired one with 410, revealing nothing', async () => {
    const unknown = await page('A'.repeat(43));
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ statusCode: 404, message: API_MESSAGES.confirmationNotFound });
    expect((await page('short')).status).toBe(404);
    expect((await answer('short', { decision: 'confirmed' })).status).toBe(404);

    const { entry, token } = await logWithContact();
    await db.query(
      `UPDATE "hour_confirmations" SET "expires_at" = now() - interval '1 second' WHERE "log_id" = $1`,
      [entry.id],
    );
    const expired = await page(token);
    expect(expired.status).toBe(410);
    expect(expired.body).toEqual({ statusCode: 410, message: API_MESSAGES.confirmationGone });
    expect((await answer(token, { decision: 'confirmed' })).status).toBe(410);
    expect((await entryOf(entry.id)).confirmation.decision).toBeNull();
  });

  it('refuses a decision that is neither confirmed nor declined', async () => {
    const { token } = await logWithContact();
    const res = await answer(token, { decision: 'maybe' });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { path: string }) => e.path)).toEqual(['decision']);
  });

  it('lets the owner resend at most 3 mails in all; a new link replaces the old one', async () => {
    const first = await logWithContact();
    const id = first.entry.id as number;
    const resend = (as: Caller) =>
      request('POST', `/api/service-hours/${id}/confirmation-mail`, { as });

    expect((await resend(OTHER_STUDENT)).status).toBe(403);
    expect((await resend(SUPERVISOR)).status).toBe(403);

    let since = sink.messages.length;
    expect((await resend(STUDENT)).status).toBe(204);
    const second = linkIn(await sink.waitFor(CONTACT, { since }));
    expect(second.token).not.toBe(first.token);
    expect((await page(first.token)).status).toBe(404);
    expect((await page(second.token)).status).toBe(200);

    since = sink.messages.length;
    expect((await resend(STUDENT)).status).toBe(204);
    const third = linkIn(await sink.waitFor(CONTACT, { since }));

    const limited = await resend(STUDENT);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(API_MESSAGES.confirmationMailLimit);
    expect((await entryOf(id, STUDENT)).confirmation.mailsSent).toBe(3);
    expect((await page(third.token)).status).toBe(200);

    // An entry nobody was asked about, and one that does not exist.
    const plain = await request('POST', '/api/service-hours', { as: STUDENT, json: logBody() });
    expect(
      (
        await request('POST', `/api/service-hours/${plain.body.id}/confirmation-mail`, {
          as: STUDENT,
        })
      ).status,
    ).toBe(409);
    expect(
      (await request('POST', '/api/service-hours/999999/confirmation-mail', { as: STUDENT }))
        .status,
    ).toBe(404);
  });

  it('filters the list by the answer and shows it to the student', async () => {
    const confirmed = await logWithContact();
    await answer(confirmed.token, { decision: 'confirmed' });
    const declined = await logWithContact();
    await answer(declined.token, { decision: 'declined', comment: 'Not one of ours' });
    const pending = await logWithContact();
    const none = (await request('POST', '/api/service-hours', { as: STUDENT, json: logBody() }))
      .body.id as number;

    const ids = async (confirmation: string) =>
      (
        (
          await request('GET', `/api/service-hours?confirmation=${confirmation}`, {
            as: SUPERVISOR,
          })
        ).body as Array<{ id: number }>
      ).map((e) => e.id);
    expect(await ids('confirmed')).toContain(confirmed.entry.id);
    expect(await ids('confirmed')).not.toContain(declined.entry.id);
    expect(await ids('declined')).toContain(declined.entry.id);
    expect(await ids('declined')).not.toContain(confirmed.entry.id);
    expect(await ids('pending')).toContain(pending.entry.id);
    expect(await ids('pending')).not.toContain(confirmed.entry.id);
    expect(await ids('none')).toContain(none);
    expect(await ids('none')).not.toContain(pending.entry.id);
    const bad = await request('GET', '/api/service-hours?confirmation=maybe', { as: SUPERVISOR });
    expect(bad.status).toBe(400);

    const own = await entryOf(declined.entry.id, STUDENT);
    expect(own.confirmation).toMatchObject({ decision: 'declined', comment: 'Not one of ours' });
  });

  it('lets only admins read and change the setting, on record', async () => {
    expect((await request('GET', '/api/service-hours/settings', { as: SUPERVISOR })).status).toBe(
      403,
    );
    expect((await setApproves(true, SUPERVISOR)).status).toBe(403);
    expect((await setApproves(true, STUDENT)).status).toBe(403);
    expect((await request('GET', '/api/service-hours/settings')).status).toBe(401);
    expect((await setApproves(true)).body).toEqual({ confirmationApproves: true });
    expect((await request('GET', '/api/service-hours/settings', { as: ADMIN })).body).toEqual({
      confirmationApproves: true,
    });
    const audit = await db.query(
      `SELECT actor_id, detail FROM ${PUBLISHED_AUDIT_LOG} WHERE action = 'hours-settings.update'
        ORDER BY id DESC LIMIT 1`,
    );
    expect(audit[0]).toEqual({
      actor_id: ADMIN.id,
      detail: { from: { confirmationApproves: false }, to: { confirmationApproves: true } },
    });
  });

  it('approves the entry by the confirmation alone when the admins say so', async () => {
    expect((await setApproves(true)).status).toBe(200);
    const { entry, token } = await logWithContact();
    expect((await answer(token, { decision: 'confirmed' })).status).toBe(200);
    const seen = await entryOf(entry.id);
    expect(seen).toMatchObject({ status: 'approved', approvedBy: null });
    const events = await db.query(
      `SELECT payload FROM "outbox" WHERE "type" = 'hours.approved' AND (payload->>'logId')::int = $1`,
      [entry.id],
    );
    expect(events).toHaveLength(1);

    // A decline never approves.
    const other = await logWithContact();
    await answer(other.token, { decision: 'declined' });
    expect((await entryOf(other.entry.id)).status).toBe('pending');
  });
});
