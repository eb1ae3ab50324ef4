import { describe, expect, it } from '@jest/globals';
import { mailConfigSchema } from './mail.config';

describe('mailConfigSchema', () => {
  it('sends as the product the pages name, "District Volunteers", unless MAIL_FROM says otherwise', () => {
    const required = { PUBLIC_URL: 'https://volunteers.example.org', SMTP_URL: 'smtp://mail:25' };
    expect(mailConfigSchema.parse(required).MAIL_FROM).toBe(
      'District Volunteers <no-reply@district.local>',
    );
    expect(
      mailConfigSchema.parse({ ...required, MAIL_FROM: 'JPPSS <no-reply@jppss.k12.la.us>' })
        .MAIL_FROM,
    ).toBe('JPPSS <no-reply@jppss.k12.la.us>');
  });
});
