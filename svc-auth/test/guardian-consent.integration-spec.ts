import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startAuthService, registration, type AuthTestService } from './support/auth-fixtures';
import { createUser, outboxRows, type TestUser } from './support/directory-fixtures';
import { identityHeader } from '@district/service-kit/testing';
import { mailParts, type CapturedMail } from './support/mail-sink';

// Issue 20 "Guardian consent under 13", as svc-auth answers it, with the real mail sink and the
// real BullMQ sweep job.
let h: AuthTestService;
let admin: TestUser;
let student: TestUser;

const yearsAgo = (years: number, days = 0) => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const setMode = (consentMode: 'school' | 'guardian') =>
  h.request<Record<string, unknown>>('PATCH', '/api/privacy/settings', {
    headers: admin.headers,
    json: { consentMode },
  });
const register = (body: Record<string, unknown>) =>
  h.request<Record<string, unknown>>('POST', '/api/register', { json: body });

function mailText(mail: CapturedMail): string {
  return mailParts(mail.raw).parts.find((p) => p.contentType.startsWith('text/plain'))?.body ?? '';
}
function consentToken(mail: CapturedMail): string {
  const match = /https?:\/\/\S+\/guardian-consent\/([A-Za-z0-9_-]+)/.exec(mailText(mail));
  if (!match) throw new Error(`no consent link in mail:\n${mailText(mail)}`);
  return match[1];
}

// Registers an 11-year-old in guardian mode and answers the account and the guardian's token.
async function registerChild(name: string) {
  const guardianEmail = `guardian-${Math.random().toString(36).slice(2)}@family.example`;
  const since = h.mail.messages.length;
  const res = await register(
    registration({ name, grade: 6, dateOfBirth: yearsAgo(11), guardianEmail }),
  );
  expect(res.status).toBe(200);
  const mail = await h.mail.waitFor(guardianEmail, { since });
  return {
    res,
    id: res.body.id as number,
    sid: res.sid!,
    guardianEmail,
    mail,
    token: consentToken(mail),
  };
}

const userRow = async (id: number) =>
  (
    (await h.db.query(
      'SELECT consent_status, directory_visible, consent_token_hash, date_of_birth FROM auth.users WHERE id = $1',
      [id],
    )) as Array<Record<string, unknown>>
  )[0];

beforeAll(async () => {
  h = await startAuthService({ CONSENT_SWEEP_INTERVAL_MS: 300 });
  admin = await createUser(h, 'admin', { name: 'Al Admin' });
  student = await createUser(h, 'student', { name: 'Sam Student' });
});

afterAll(async () => {
  await h?.close();
});

describe('the consent mode setting', () => {
  it("defaults to 'school', which registration (and the public options) follow", async () => {
    const settings = await h.request('GET', '/api/privacy/settings', { headers: admin.headers });
    expect(settings.body).toEqual({
      directoryVisibleByDefault: true,
      consentMode: 'school',
      registrationPolicy: 'open',
    });
    expect((await h.request('GET', '/api/register/options')).body).toEqual({
      consentMode: 'school',
      registrationPolicy: 'open',
    });
  });

  it('school mode keeps the spec body exactly: the consent fields are refused with 400', async () => {
    const res = await register(registration({ dateOfBirth: yearsAgo(11) }));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errors: [{ path: 'dateOfBirth' }] });
    expect((await register(registration())).status).toBe(200);
  });

  it('only admins change it; the change is audited and keeps the other field', async () => {
    const refused = await h.request('PATCH', '/api/privacy/settings', {
      headers: student.headers,
      json: { consentMode: 'guardian' },
    });
    expect(refused.status).toBe(403);
    expect(
      (
        await h.request('PATCH', '/api/privacy/settings', {
          headers: admin.headers,
          json: { consentMode: 'parents' },
        })
      ).status,
    ).toBe(400);
    const res = await setMode('guardian');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      directoryVisibleByDefault: true,
      consentMode: 'guardian',
      registrationPolicy: 'open',
    });
    const [audit] = (await h.db.query(
      `SELECT actor_id, detail FROM auth.audit_log WHERE action = 'privacy.settings.change' ORDER BY id DESC LIMIT 1`,
    )) as Array<{ actor_id: number; detail: Record<string, Record<string, unknown>> }>;
    expect(audit.actor_id).toBe(admin.id);
    expect(audit.detail.to).toMatchObject({ consentMode: 'guardian' });
    expect((await h.request('GET', '/api/register/options')).body).toEqual({
      consentMode: 'guardian',
      registrationPolicy: 'open',
    });
  });
});

describe('registration in guardian mode', () => {
  it('requires a date of birth (400 naming it)', async () => {
    const res = await register(registration());
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      errors: [{ path: 'dateOfBirth', message: 'Date of birth is required' }],
    });
    const bad = await register(registration({ dateOfBirth: '2015-02-30' }));
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ errors: [{ path: 'dateOfBirth' }] });
  });

  it("requires a guardian's e-mail under 13 (400), not at 13", async () => {
    const child = await register(registration({ dateOfBirth: yearsAgo(12, 1) }));
    expect(child.status).toBe(400);
    expect(child.body).toMatchObject({ errors: [{ path: 'guardianEmail' }] });
    const thirteen = await register(registration({ dateOfBirth: yearsAgo(13) }));
    expect(thirteen.status).toBe(200);
    expect(thirteen.body).toMatchObject({ restricted: false, directoryVisible: true });
    expect(thirteen.body).not.toHaveProperty('dateOfBirth');
  });

  it('creates an under-13 account restricted and hidden, tells the replicas, mails the guardian', async () => {
    const since = h.mail.messages.length;
    const child = await registerChild('Cleo Child');
    expect(child.res.body).toMatchObject({ restricted: true, directoryVisible: false });
    const me = await h.request<Record<string, unknown>>('GET', '/api/user', { sid: child.sid });
    expect(me.body).toMatchObject({ restricted: true });
    const [registered] = await outboxRows(h, 'user.registered', child.id);
    expect(registered.payload).toMatchObject({ restricted: true, directoryVisible: false });
    // The date of birth and the guardian's address stay in svc-auth.
    expect(JSON.stringify(registered.payload)).not.toMatch(/dateOfBirth|guardian|@/);
    const peers = await h.request('GET', '/api/directory', { headers: student.headers });
    expect(peers.text).not.toContain('Cleo Child');
    expect(mailText(child.mail)).toContain('Cleo Child');
    expect(
      h.mail.messages.slice(since).filter((m) => m.to.includes(child.guardianEmail)),
    ).toHaveLength(1);
    // Only the hash of the link is stored.
    expect((await userRow(child.id)).consent_token_hash).not.toContain(child.token);
    // The student cannot make themselves visible before consent.
    const visible = await h.request('PATCH', '/api/user/privacy', {
      headers: identityHeader({ id: child.id, isAdmin: false, isSupervisor: false }),
      json: { directoryVisible: true },
    });
    expect(visible.status).toBe(403);
  });
});

describe('the guardian link', () => {
  it('shows who it is about; consent lifts the restriction once, audited with address and agent', async () => {
    const child = await registerChild('Gina Granted');
    const view = await h.request('GET', `/api/guardian-consent/${child.token}`);
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({ studentName: 'Gina Granted', grade: 6 });
    const res = await h.request('POST', `/api/guardian-consent/${child.token}`, {
      json: { decision: 'consent' },
      headers: { 'user-agent': 'GuardianBrowser/1.0' },
    });
    expect(res.status).toBe(204);
    const me = await h.request<Record<string, unknown>>('GET', '/api/user', { sid: child.sid });
    expect(me.body).toMatchObject({ restricted: false, directoryVisible: true });
    const updated = await outboxRows(h, 'user.updated', child.id);
    expect(updated.at(-1)?.payload).toMatchObject({ restricted: false, directoryVisible: true });
    const [audit] = (await h.db.query(
      `SELECT actor_id, detail FROM auth.audit_log WHERE action = 'consent.grant' AND target_id = $1`,
      [String(child.id)],
    )) as Array<{ actor_id: number | null; detail: Record<string, unknown> }>;
    expect(audit.actor_id).toBeNull();
    expect(audit.detail).toMatchObject({
      guardianEmail: child.guardianEmail,
      userAgent: 'GuardianBrowser/1.0',
    });
    expect(typeof audit.detail.address).toBe('string');
    expect(typeof audit.detail.at).toBe('string');
    // Single use.
    expect((await h.request('GET', `/api/guardian-consent/${child.token}`)).status).toBe(404);
    expect(
      (
        await h.request('POST', `/api/guardian-consent/${child.token}`, {
          json: { decision: 'refuse' },
        })
      ).status,
    ).toBe(404);
    expect((await h.request('GET', '/api/directory', { headers: student.headers })).text).toContain(
      'Gina Granted',
    );
  });

  it('refuse deletes the account through the deletion path (user.deleted, audited)', async () => {
    const child = await registerChild('Rita Refused');
    const res = await h.request('POST', `/api/guardian-consent/${child.token}`, {
      json: { decision: 'refuse' },
    });
    expect(res.status).toBe(204);
    expect(await userRow(child.id)).toBeUndefined();
    expect(await outboxRows(h, 'user.deleted', child.id)).toHaveLength(1);
    expect((await h.request('GET', '/api/user', { sid: child.sid })).status).toBe(401);
    const rows = (await h.db.query(
      `SELECT detail FROM auth.audit_log WHERE action = 'consent.refuse' AND target_id = $1`,
      [String(child.id)],
    )) as Array<{ detail: Record<string, unknown> }>;
    expect(rows[0].detail).toMatchObject({
      name: 'Rita Refused',
      guardianEmail: child.guardianEmail,
    });
  });

  it('refuses an expired or unknown link with 404, and a bad decision with 400', async () => {
    const child = await registerChild('Eve Expired');
    expect(
      (
        await h.request('POST', `/api/guardian-consent/${child.token}`, {
          json: { decision: 'maybe' },
        })
      ).status,
    ).toBe(400);
    await h.db.query(
      `UPDATE auth.users SET consent_token_expires_at = now() - interval '1 second' WHERE id = $1`,
      [child.id],
    );
    const expired = await h.request('POST', `/api/guardian-consent/${child.token}`, {
      json: { decision: 'consent' },
    });
    expect(expired.status).toBe(404);
    expect(expired.text).toContain('invalid, already used or expired');
    expect((await userRow(child.id)).consent_status).toBe('pending');
    expect((await h.request('GET', '/api/guardian-consent/not-a-real-token')).status).toBe(404);
  });
});

describe('admins: pending consents and resend', () => {
  it('lists pending accounts (admins only) and resends at most 3 mails per account, then 409', async () => {
    const child = await registerChild('Pia Pending');
    expect(
      (await h.request('GET', '/api/admin/consents', { headers: student.headers })).status,
    ).toBe(403);
    const list = await h.request<Array<Record<string, unknown>>>('GET', '/api/admin/consents', {
      headers: admin.headers,
    });
    expect(list.status).toBe(200);
    expect(list.body.find((p) => p.userId === child.id)).toMatchObject({
      name: 'Pia Pending',
      guardianEmail: child.guardianEmail,
      mailsSent: 1,
    });
    let since = h.mail.messages.length;
    const resend = () =>
      h.request('POST', `/api/admin/consents/${child.id}/resend`, { headers: admin.headers });
    expect((await resend()).status).toBe(204);
    const second = await h.mail.waitFor(child.guardianEmail, { since });
    // A new mail is a new link; the earlier one stops working.
    expect((await h.request('GET', `/api/guardian-consent/${child.token}`)).status).toBe(404);
    since = h.mail.messages.length;
    expect((await resend()).status).toBe(204);
    await h.mail.waitFor(child.guardianEmail, { since });
    const limit = await resend();
    expect(limit.status).toBe(409);
    expect(limit.text).toContain('3 times');
    expect(consentToken(second)).not.toBe(child.token);
    expect(
      (
        await h.request('POST', `/api/admin/consents/${student.id}/resend`, {
          headers: admin.headers,
        })
      ).status,
    ).toBe(409);
    expect(
      (await h.request('POST', '/api/admin/consents/999999/resend', { headers: admin.headers }))
        .status,
    ).toBe(404);
    const audited = (await h.db.query(
      `SELECT count(*)::int AS n FROM auth.audit_log WHERE action = 'consent.resend' AND target_id = $1 AND outcome = 'success'`,
      [String(child.id)],
    )) as Array<{ n: number }>;
    expect(audited[0].n).toBe(2);
  });
});

describe('the 30-day sweep (BullMQ job scheduler)', () => {
  it('deletes accounts still pending after the deadline, and only those', async () => {
    const overdue = await registerChild('Olly Overdue');
    const recent = await registerChild('Rae Recent');
    await h.db.query(
      `UPDATE auth.users SET consent_requested_at = now() - interval '31 days' WHERE id = $1`,
      [overdue.id],
    );
    const deadline = Date.now() + 10_000;
    while ((await userRow(overdue.id)) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await userRow(overdue.id)).toBeUndefined();
    expect(await outboxRows(h, 'user.deleted', overdue.id)).toHaveLength(1);
    expect((await userRow(recent.id)).consent_status).toBe('pending');
    const [audit] = (await h.db.query(
      `SELECT actor_id, detail FROM auth.audit_log WHERE action = 'consent.expire' AND target_id = $1`,
      [String(overdue.id)],
    )) as Array<{ actor_id: number | null; detail: Record<string, unknown> }>;
    expect(audit).toMatchObject({ actor_id: null, detail: { name: 'Olly Overdue' } });
  });
});
