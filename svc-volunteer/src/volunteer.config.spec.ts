import { describe, expect, it } from '@jest/globals';
import { districtTimeZone, volunteerConfigSchema } from './volunteer.config';

const parse = (env: Record<string, string>) =>
  volunteerConfigSchema.parse({
    PUBLIC_URL: 'http://district.test',
    PHOTO_DIR: '/var/lib/district/photos',
    ...env,
  });

describe(districtTimeZone.name, () => {
  it('is America/Chicago unless the district names another', () => {
    expect(districtTimeZone(parse({}))).toBe('America/Chicago');
    expect(districtTimeZone(parse({ DISTRICT_TIME_ZONE: 'America/Denver' }))).toBe(
      'America/Denver',
    );
  });

  it('still reads the older REMINDER_TIME_ZONE, after DISTRICT_TIME_ZONE', () => {
    expect(districtTimeZone(parse({ REMINDER_TIME_ZONE: 'America/New_York' }))).toBe(
      'America/New_York',
    );
    expect(
      districtTimeZone(
        parse({ REMINDER_TIME_ZONE: 'America/New_York', DISTRICT_TIME_ZONE: 'America/Denver' }),
      ),
    ).toBe('America/Denver');
  });

  it('refuses a zone the runtime does not know, naming the variable', () => {
    const result = volunteerConfigSchema.safeParse({
      PUBLIC_URL: 'http://district.test',
      PHOTO_DIR: '/var/lib/district/photos',
      DISTRICT_TIME_ZONE: 'Mars/Olympus_Mons',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['DISTRICT_TIME_ZONE']);
  });
});
