import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NotificationRequestedPayload } from '@district/contracts';
import { enqueueEvent, testRedisUrl, waitFor } from '@district/service-kit/testing';
import { startAuthService, type AuthTestService } from './support/auth-fixtures';
import { createUser, type TestUser } from './support/directory-fixtures';

// The other services never hold e-mail addresses: their mail to users arrives as
// notification.requested with email: true, and svc-auth sends it, once per user, to the address
// it holds. The mail is read from a real SMTP sink.

let h: AuthTestService;
let queue: Queue;
let ana: TestUser;
let ben: TestUser;

beforeAll(async () => {
  h = await startAuthService();
  queue = new Queue('events-svc-auth', {
    connection: { url: testRedisUrl() },
    prefix: h.config.BULLMQ_PREFIX,
  });
  ana = await createUser(h, 'student', { name: 'Ana Notified', email: 'ana.notified@example.org' });
  ben = await createUser(h, 'student', { name: 'Ben Notified', email: 'ben.notified@example.org' });
});

afterAll(async () => {
  await queue?.close();
  await h?.close();
});

const promoted = (userIds: number[]): NotificationRequestedPayload => ({
  userIds,
  kind: 'waitlist.promoted',
  title: 'You are signed up: Park Cleanup',
  body: 'A spot opened and you were next on the waitlist.\n\nSee you on Saturday.',
  path: '/volunteer',
  opportunityId: 7,
  email: true,
});

describe('notification.requested with email: true', () => {
  it('mails each named user at the address svc-auth holds, with a link to the platform', async () => {
    const since = h.mail.messages.length;
    await enqueueEvent(queue, 'notification.requested', promoted([ana.id, ben.id]));
    const toAna = await h.mail.waitFor('ana.notified@example.org', { since });
    const toBen = await h.mail.waitFor('ben.notified@example.org', { since });
    expect(toAna.raw).toMatch(/^Subject: You are signed up: Park Cleanup/m);
    expect(toAna.raw).toContain('Hello Ana Notified,');
    expect(toAna.raw).toContain('A spot opened and you were next on the waitlist.');
    expect(toAna.raw).toContain(`${h.config.PUBLIC_URL.replace(/\/$/, '')}/volunteer`);
    expect(toBen.raw).toContain('Hello Ben Notified,');
    // Each mail goes to its own user only.
    expect(toAna.to).toEqual(['ana.notified@example.org']);
  });

  it('sends one mail per user even when the event is delivered twice', async () => {
    const eventId = randomUUID();
    const payload = { ...promoted([ana.id]), title: 'Redelivered once' };
    await enqueueEvent(queue, 'notification.requested', payload, { eventId });
    await enqueueEvent(queue, 'notification.requested', payload, { eventId });
    await waitFor(
      () => h.mail.messages.some((m) => m.raw.includes('Subject: Redelivered once')),
      'the redelivered notification mail',
    );
    // Give a second (wrong) mail time to arrive before counting.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(h.mail.messages.filter((m) => m.raw.includes('Subject: Redelivered once'))).toHaveLength(
      1,
    );
  });

  it('mails nobody when email is false, and skips unknown users', async () => {
    const since = h.mail.messages.length;
    await enqueueEvent(queue, 'notification.requested', {
      ...promoted([ana.id]),
      title: 'Toast only',
      email: false,
    });
    await enqueueEvent(queue, 'notification.requested', {
      ...promoted([987_654, ben.id]),
      title: 'Unknown and known',
    });
    await h.mail.waitFor('ben.notified@example.org', { since });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const sent = h.mail.messages.slice(since);
    expect(sent.some((m) => m.raw.includes('Subject: Toast only'))).toBe(false);
    expect(sent.filter((m) => m.raw.includes('Subject: Unknown and known'))).toHaveLength(1);
  });
});
