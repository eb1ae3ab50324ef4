import { describe, expect, it } from '@jest/globals';
import { renderGuardianConsentMail } from '../guardian-consent/guardian-consent-mail.template';
import { mailWriter } from './mail-texts';
import { renderNotificationMail } from './notification-mail.template';
import { renderResetMail } from './reset-mail.template';

const input = {
  name: '<b>Eve</b> & co',
  username: 'eve',
  link: 'https://x.example/reset-password?token=a&b',
};

describe('renderResetMail', () => {
  const mail = renderResetMail(mailWriter('en'), input);

  it('puts the link in both the text and the HTML part', () => {
    expect(mail.text).toContain('https://x.example/reset-password?token=a&b');
    expect(mail.html).toContain('href="https://x.example/reset-password?token=a&#38;b"');
    expect(mail.text).toMatch(/one hour/);
  });

  it('escapes user-provided text in the HTML part', () => {
    expect(mail.html).not.toContain('<b>Eve</b>');
    expect(mail.html).toContain('&#60;b&#62;Eve&#60;/b&#62; &#38; co');
  });

  // Issue 22: the English mail is word for word what it was before the catalogue.
  it('writes the English mail exactly as before', () => {
    expect(mail.subject).toBe('Reset your password');
    expect(mail.text).toBe(
      [
        'Hello <b>Eve</b> & co,',
        '',
        'Someone asked to reset the password of the account "eve".',
        'Open this link within one hour to choose a new password:',
        '',
        input.link,
        '',
        'If you did not ask for this, ignore this e-mail: your password stays the same.',
      ].join('\n'),
    );
    expect(mail.html).toBe(
      [
        '<p>Hello &#60;b&#62;Eve&#60;/b&#62; &#38; co,</p>',
        '<p>Someone asked to reset the password of the account <strong>eve</strong>.',
        'Open this link within one hour to choose a new password:</p>',
        '<p><a href="https://x.example/reset-password?token=a&#38;b">https://x.example/reset-password?token=a&#38;b</a></p>',
        '<p>If you did not ask for this, ignore this e-mail: your password stays the same.</p>',
      ].join('\n'),
    );
  });

  it('writes Spanish for a Spanish account', () => {
    const es = renderResetMail(mailWriter('es'), input);
    expect(es.subject).toBe('Restablece tu contraseña');
    expect(es.text).toContain('Hola, <b>Eve</b> & co:');
    expect(es.text).toContain('Alguien pidió restablecer la contraseña de la cuenta "eve".');
    expect(es.html).toContain('de la cuenta <strong>eve</strong>.');
    expect(es.html).toContain('<p>Hola, &#60;b&#62;Eve&#60;/b&#62; &#38; co:</p>');
  });
});

describe('renderGuardianConsentMail', () => {
  const consent = {
    studentName: "Zoë O'Neil",
    school: 'Jesuit High School',
    link: 'https://x.example/guardian-consent/abc',
    deadlineDays: 30,
  };

  it('writes the English mail exactly as before', () => {
    const mail = renderGuardianConsentMail(mailWriter('en'), consent);
    expect(mail.subject).toBe("Your consent for Zoë O'Neil on the district volunteering platform");
    expect(mail.text).toBe(
      [
        'Hello,',
        '',
        "Zoë O'Neil (Jesuit High School) created an account on the school district's volunteering platform and gave this address as a parent's or guardian's.",
        'Because they are under 13, the account stays limited until you agree: they cannot post on the blog or add photos, and other students do not see them.',
        '',
        'Open this link to read what the platform collects and to consent or refuse:',
        '',
        consent.link,
        '',
        'If nobody answers within 30 days, the account and everything in it is deleted.',
        'If you do not know this student, refuse: the account is deleted at once.',
      ].join('\n'),
    );
    expect(mail.html).toContain(
      '<p>Zoë O&#39;Neil (Jesuit High School) created an account on the school district&#39;s volunteering platform and gave this address as a parent&#39;s or guardian&#39;s.</p>',
    );
  });

  it('writes Spanish, with the plural, for a Spanish registration', () => {
    const mail = renderGuardianConsentMail(mailWriter('es'), { ...consent, deadlineDays: 1 });
    expect(mail.subject).toBe(
      "Su permiso para Zoë O'Neil en la plataforma de voluntariado del distrito",
    );
    expect(mail.text).toContain('Si nadie responde en 1 día,');
    expect(mail.html).toContain('<p>Hola:</p>');
  });
});

describe('renderNotificationMail', () => {
  it('frames the texts in the recipient language', () => {
    const texts = { name: 'Ana', title: 'T', body: 'B', link: null };
    expect(renderNotificationMail(mailWriter('en'), texts).text).toBe(
      'Hello Ana,\n\nB\n\nDistrict Volunteers',
    );
    expect(renderNotificationMail(mailWriter('es'), texts).text).toBe(
      'Hola, Ana:\n\nB\n\nDistrict Volunteers',
    );
  });
});
