import { describe, expect, it } from '@jest/globals';
import { reminderTexts } from './reminder-texts';

const event = {
  title: 'Beach Cleanup',
  location: 'Grand Isle',
  startsAt: new Date('2026-12-05T16:00:00Z'),
};

describe('reminderTexts', () => {
  it('writes the day and time in the district time zone, in English', () => {
    const texts = reminderTexts('day-before', event, 'en', 'America/Chicago');
    expect(texts.title).toBe('Tomorrow: Beach Cleanup');
    expect(texts.body.replace(/\s/g, ' ')).toBe(
      'Beach Cleanup starts on Saturday, December 5 at 10:00 AM CST at Grand Isle.',
    );
    expect(reminderTexts('today', event, 'en', 'America/Chicago').title).toBe(
      'Today: Beach Cleanup',
    );
  });

  it('writes Spanish for students who chose it', () => {
    const texts = reminderTexts('today', event, 'es', 'America/Chicago');
    expect(texts.title).toBe('Hoy: Beach Cleanup');
    expect(texts.body).toContain('Beach Cleanup empieza hoy a las 10:00');
    expect(texts.body).toContain('en Grand Isle.');
  });
});
