import { describe, expect, it } from '@jest/globals';
import { renderResetMail } from './reset-mail.template';

describe('renderResetMail', () => {
  const mail = renderResetMail({
    name: '<b>Eve</b> & co',
    username: 'eve',
    link: 'https://x.example/reset-password?token=a&b',
  });

  it('puts the link in both the text and the HTML part', () => {
    expect(mail.text).toContain('https://x.example/reset-password?token=a&b');
    expect(mail.html).toContain('href="https://x.example/reset-password?token=a&#38;b"');
    expect(mail.text).toMatch(/one hour/);
  });

  it('escapes user-provided text in the HTML part', () => {
    expect(mail.html).not.toContain('<b>Eve</b>');
    expect(mail.html).toContain('&#60;b&#62;Eve&#60;/b&#62; &#38; co');
  });
});
