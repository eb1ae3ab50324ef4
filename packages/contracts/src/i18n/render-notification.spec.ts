import { describe, expect, it } from '@jest/globals';
import { NOTIFICATION_KEYS, notificationMessage } from '../notification-messages';
import { SHARED_MESSAGES_ES } from './messages.es';
import { renderNotification } from './render-notification';
import { registerSharedMessages } from './translate-message';

registerSharedMessages('es', SHARED_MESSAGES_ES);

const reminder = notificationMessage('reminderDayBefore', {
  title: 'Beach Cleanup',
  location: 'Grand Isle',
  startsAt: '2026-12-05T16:00:00Z',
  timeZone: 'America/Chicago',
});

describe('renderNotification', () => {
  it('writes the English texts the producers wrote before issue 22', () => {
    const texts = renderNotification('en', reminder);
    expect(texts.title).toBe('Tomorrow: Beach Cleanup');
    expect(texts.body.replace(/\s/g, ' ')).toBe(
      'Beach Cleanup starts on Saturday, December 5 at 10:00 AM CST at Grand Isle.',
    );
    const today = renderNotification('en', { ...reminder, key: 'reminderToday' });
    expect(today.title).toBe('Today: Beach Cleanup');
  });

  it('writes Spanish, dates included, for a Spanish reader', () => {
    const texts = renderNotification('es', reminder);
    expect(texts.title).toBe('Mañana: Beach Cleanup');
    expect(texts.body.replace(/\s/g, ' ')).toMatch(
      /^Beach Cleanup empieza el sábado, 5 de diciembre a las 10:00 a\.\s?m\. CST en Grand Isle\.$/,
    );
    const today = renderNotification('es', { ...reminder, key: 'reminderToday' });
    expect(today.body).toContain('Beach Cleanup empieza hoy a las 10:00');
  });

  it('says what changed about an event, in both languages', () => {
    const changed = notificationMessage('opportunityChanged', {
      title: 'Food Drive',
      location: 'Gym',
      startsAt: '2026-12-05T16:00:00Z',
      endsAt: '2026-12-05T18:00:00Z',
      wasLocation: 'Library',
      wasStartsAt: '2026-12-05T16:00:00Z',
      wasEndsAt: '2026-12-05T18:00:00Z',
      timeZone: 'America/Chicago',
    });
    const en = renderNotification('en', changed);
    expect(en.title).toBe('Changed: Food Drive');
    expect(en.body.split('\n')).toEqual([
      'Food Drive has changed.',
      expect.stringMatching(/^When: Sat, Dec 5, 10:00\sAM – 12:00\sPM CST$/),
      'Where: Gym (was Library)',
      'If you can no longer come, please withdraw so someone else can take your spot.',
    ]);
    const es = renderNotification('es', changed);
    expect(es.body).toContain('Dónde: Gym (antes: Library)');
    expect(es.body).toContain('Food Drive cambió.');
  });

  it('has a Spanish title and body for every entry, different from the English', () => {
    const values = {
      title: 'T',
      location: 'L',
      wasLocation: 'L',
      startsAt: '2026-12-05T16:00:00Z',
      endsAt: '2026-12-05T18:00:00Z',
      wasStartsAt: '2026-12-05T16:00:00Z',
      wasEndsAt: '2026-12-05T18:00:00Z',
      timeZone: 'America/Chicago',
    };
    for (const key of NOTIFICATION_KEYS) {
      const en = renderNotification('en', { key, values });
      const es = renderNotification('es', { key, values });
      expect(es.title).not.toBe(en.title);
      expect(es.body).not.toBe(en.body);
    }
  });
});
