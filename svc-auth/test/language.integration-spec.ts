import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  englishNotificationTexts,
  notificationMessage,
  type NotificationRequestedPayload,
} from '@district/contracts';
import { enqueueEvent, testRedisUrl } from '@district/service-kit/testing';
import {
  PUBLIC_URL,
  registration,
  startAuthService,
  type AuthTestService,
} from './support/auth-fixtures';
import { createUser, outboxRows, type TestUser } from './support/directory-fixtures';
import { mailParts, resetTokenFrom, subjectOf, type CapturedMail } from './support/mail-sink';

// Issue 22: each user's language (registration, PATCH /api/user/preferences, GET /api/user,
// user.updated), every mail svc-auth sends in the recipient's language, and error messages in
// the request's language. Real PostgreSQL, Redis, BullMQ and SMTP sink.
let h: AuthTestService;
let queue: Queue;
let admin: TestUser;
let sofia: TestUser;
let emma: TestUser;

const ES = { 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' };
const setLanguage = (user: TestUser, body: unknown, headers: Record<string, string> = {}) =>
  h.request<Record<string, unknown>>('PATCH', '/api/user/preferences', {
    headers: { ...user.headers, ...headers },
    json: body,
  });
const me = (user: TestUser) =>
  h.request<Record<string, unknown>>('GET', '/api/user', { sid: user.sid });
const textOf = (mail: CapturedMail) =>
  (mailParts(mail.raw).parts.find((p) => p.contentType.startsWith('text/plain'))?.body ?? '')
    .replace(/\r\n/g, '\n')
    .trimEnd();
const htmlOf = (mail: CapturedMail) =>
  mailParts(mail.raw).parts.find((p) => p.contentType.startsWith('text/html'))?.body ?? '';

beforeAll(async () => {
  h = await startAuthService();
  queue = new Queue('events-svc-auth', {
    connection: { url: testRedisUrl() },
    prefix: h.config.BULLMQ_PREFIX,
  });
  admin = await createUser(h, 'admin', { name: 'Ada Admin' });
  sofia = await createUser(h, 'student', { name: 'Sofía Ruiz', email: 'sofia@example.org' });
  emma = await createUser(h, 'student', { name: 'Emma Stone', email: 'emma@example.org' });
});

afterAll(async () => {
  await queue?.close();
  await h?.close();
});

describe('the account language', () => {
  it('starts as the registering browser language, English without one', async () => {
    const spanish = await h.request<Record<string, unknown>>('POST', '/api/register', {
      headers: ES,
      json: registration({ name: 'Lucía Registro' }),
    });
    expect(spanish.status).toBe(200);
    expect(spanish.body.language).toBe('es');
    const registered = await outboxRows(h, 'user.registered', spanish.body.id as number);
    expect(registered[0]?.payload).toMatchObject({ language: 'es' });
    expect((await me(sofia)).body.language).toBe('en');
  });

  it('PATCH /api/user/preferences answers the user as GET /api/user does and tells the replicas', async () => {
    const res = await setLanguage(sofia, { language: 'es' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toMatchObject({ id: sofia.id, language: 'es' });
    const current = await me(sofia);
    expect(current.body.language).toBe('es');
    expect(res.body).toEqual(current.body);
    const events = await outboxRows(h, 'user.updated', sofia.id);
    expect(events.at(-1)?.payload).toMatchObject({ id: sofia.id, language: 'es' });
    expect(JSON.stringify(events.at(-1)?.payload)).not.toMatch(/email|username/);
    // The login answer carries it too.
    const login = await h.request<Record<string, unknown>>('POST', '/api/login', {
      json: { username: sofia.username, password: 'correct horse battery' },
    });
    expect(login.body.language).toBe('es');
  });

  it('refuses any other language or field with 400 naming the field, in the request language', async () => {
    const events = (await outboxRows(h, 'user.updated', emma.id)).length;
    const bad = await setLanguage(emma, { language: 'fr' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      errors: [{ path: 'language', message: 'Language must be en or es' }],
    });
    const badInSpanish = await setLanguage(emma, { language: 'fr' }, ES);
    expect(badInSpanish.body).toMatchObject({
      errors: [{ path: 'language', message: 'El idioma debe ser en o es' }],
    });
    const extra = await setLanguage(emma, { language: 'es', isAdmin: true });
    expect(extra.status).toBe(400);
    expect(extra.body).toMatchObject({ errors: [{ path: 'isAdmin' }] });
    expect((await setLanguage(emma, {})).status).toBe(400);
    // Nothing changed, nothing told.
    expect((await me(emma)).body.language).toBe('en');
    expect(await outboxRows(h, 'user.updated', emma.id)).toHaveLength(events);
  });

  it('refuses signed-out callers with 401', async () => {
    const res = await h.request('PATCH', '/api/user/preferences', { json: { language: 'es' } });
    expect(res.status).toBe(401);
  });
});

describe('error messages', () => {
  it('answer a wrong login in Spanish for Accept-Language: es and in English without it', async () => {
    const wrong = { username: emma.username, password: 'not the password' };
    const spanish = await h.request('POST', '/api/login', { headers: ES, json: wrong });
    expect(spanish.status).toBe(401);
    expect(spanish.body).toMatchObject({ message: 'Usuario o contraseña incorrectos' });
    const english = await h.request('POST', '/api/login', { json: wrong });
    expect(english.body).toMatchObject({ message: 'Invalid username or password' });
  });
});

describe('mail in the recipient language', () => {
  it('sends a Spanish account its password reset in Spanish', async () => {
    await setLanguage(sofia, { language: 'es' });
    const since = h.mail.messages.length;
    await h.request('POST', '/api/password-reset/request', {
      json: { email: 'sofia@example.org' },
    });
    const mail = await h.mail.waitFor('sofia@example.org', { since });
    const { text, html, link } = resetTokenFrom(mail);
    expect(subjectOf(mail)).toBe('Restablece tu contraseña');
    expect(text.replace(/\r\n/g, '\n')).toContain(
      [
        'Hola, Sofía Ruiz:',
        '',
        `Alguien pidió restablecer la contraseña de la cuenta "${sofia.username}".`,
        'Abre este enlace antes de que pase una hora para elegir una contraseña nueva:',
        '',
        link,
      ].join('\n'),
    );
    expect(html).toContain(`de la cuenta <strong>${sofia.username}</strong>.`);
  });

  it('sends an English account exactly the reset mail it always got', async () => {
    const since = h.mail.messages.length;
    await h.request('POST', '/api/password-reset/request', { json: { email: 'emma@example.org' } });
    const mail = await h.mail.waitFor('emma@example.org', { since });
    const { token } = resetTokenFrom(mail);
    expect(subjectOf(mail)).toBe('Reset your password');
    expect(textOf(mail)).toBe(
      [
        'Hello Emma Stone,',
        '',
        `Someone asked to reset the password of the account "${emma.username}".`,
        'Open this link within one hour to choose a new password:',
        '',
        `${PUBLIC_URL}/reset-password?token=${token}`,
        '',
        'If you did not ask for this, ignore this e-mail: your password stays the same.',
      ].join('\n'),
    );
  });

  it('mails a waitlist promotion to each user in their own language', async () => {
    await setLanguage(sofia, { language: 'es' });
    const message = notificationMessage('waitlistPromoted', { title: 'Park Cleanup' });
    const payload: NotificationRequestedPayload = {
      userIds: [sofia.id, emma.id],
      kind: 'waitlist.promoted',
      ...englishNotificationTexts(message),
      message,
      path: '/volunteer',
      opportunityId: 7,
      email: true,
    };
    const since = h.mail.messages.length;
    await enqueueEvent(queue, 'notification.requested', payload);
    const toSofia = await h.mail.waitFor('sofia@example.org', { since });
    const toEmma = await h.mail.waitFor('emma@example.org', { since });

    expect(subjectOf(toSofia)).toBe('Ya estás inscrito: Park Cleanup');
    expect(textOf(toSofia)).toBe(
      [
        'Hola, Sofía Ruiz:',
        '',
        'Se liberó un lugar y eras el siguiente en la lista de espera, así que ya estás inscrito. Si ya no puedes asistir, cancela tu inscripción para que el siguiente estudiante tome el lugar.',
        '',
        `${PUBLIC_URL}/volunteer`,
        '',
        'District Volunteers',
      ].join('\n'),
    );
    expect(htmlOf(toSofia)).toContain('<p>Hola, Sof');

    // English: word for word the mail before issue 22.
    expect(subjectOf(toEmma)).toBe("You're signed up: Park Cleanup");
    expect(textOf(toEmma)).toBe(
      [
        'Hello Emma Stone,',
        '',
        'A spot opened up and you were next on the waitlist, so you are now signed up. If you can no longer come, withdraw so the next student gets the spot.',
        '',
        `${PUBLIC_URL}/volunteer`,
        '',
        'District Volunteers',
      ].join('\n'),
    );
  });

  it('writes a reminder date in Spanish for a Spanish reader', async () => {
    const message = notificationMessage('reminderDayBefore', {
      title: 'Beach Cleanup',
      location: 'Grand Isle',
      startsAt: '2026-12-05T16:00:00Z',
      timeZone: 'America/Chicago',
    });
    const since = h.mail.messages.length;
    await enqueueEvent(queue, 'notification.requested', {
      userIds: [sofia.id, emma.id],
      kind: 'reminder.day-before',
      ...englishNotificationTexts(message),
      message,
      path: '/volunteer',
      opportunityId: 8,
      email: true,
    });
    const toSofia = await h.mail.waitFor('sofia@example.org', { since });
    const toEmma = await h.mail.waitFor('emma@example.org', { since });
    expect(subjectOf(toSofia)).toBe('Mañana: Beach Cleanup');
    expect(textOf(toSofia).replace(/\s/g, ' ')).toContain(
      'Beach Cleanup empieza el sábado, 5 de diciembre a las 10:00',
    );
    expect(subjectOf(toEmma)).toBe('Tomorrow: Beach Cleanup');
    expect(textOf(toEmma).replace(/\s/g, ' ')).toContain(
      'Beach Cleanup starts on Saturday, December 5 at 10:00 AM CST at Grand Isle.',
    );
  });

  it('mails an event from before issue 22 (no message) with its own texts', async () => {
    const since = h.mail.messages.length;
    await enqueueEvent(queue, 'notification.requested', {
      userIds: [sofia.id],
      kind: 'waitlist.promoted',
      title: 'Old producer title',
      body: 'Old producer body.',
      path: null,
      opportunityId: null,
      email: true,
    });
    const mail = await h.mail.waitFor('sofia@example.org', { since });
    expect(subjectOf(mail)).toBe('Old producer title');
    expect(textOf(mail)).toBe(
      ['Hola, Sofía Ruiz:', '', 'Old producer body.', '', 'District Volunteers'].join('\n'),
    );
  });

  it("mails the guardian in the language of the student's registration", async () => {
    const mode = await h.request('PATCH', '/api/privacy/settings', {
      headers: admin.headers,
      json: { consentMode: 'guardian' },
    });
    expect(mode.status).toBe(200);
    const birth = new Date();
    birth.setUTCFullYear(birth.getUTCFullYear() - 11);
    const since = h.mail.messages.length;
    const child = await h.request<Record<string, unknown>>('POST', '/api/register', {
      headers: ES,
      json: registration({
        name: 'Mateo Niño',
        grade: 6,
        dateOfBirth: birth.toISOString().slice(0, 10),
        guardianEmail: 'familia.nino@example.org',
      }),
    });
    expect(child.status).toBe(200);
    const mail = await h.mail.waitFor('familia.nino@example.org', { since });
    expect(subjectOf(mail)).toBe(
      'Su permiso para Mateo Niño en la plataforma de voluntariado del distrito',
    );
    expect(textOf(mail)).toContain('Mateo Niño (Jesuit High School) creó una cuenta');
    expect(textOf(mail)).toMatch(/Si nadie responde en \d+ días,/);
  });
});
