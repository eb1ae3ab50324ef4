import { describe, expect, it } from '@jest/globals';
import { reminderDue, reminderJobId } from './reminder-plan';

const HOUR = 3600_000;
const settings = { dayBeforeMs: 24 * HOUR, todayLeadMs: 2 * HOUR };
const start = new Date('2026-12-05T16:00:00Z'); // 10:00 in New Orleans
const todayAt = new Date('2026-12-05T13:00:00Z'); // 07:00 in New Orleans

describe('reminderDue', () => {
  it('mails the day before and toasts at 07:00 on the day for an early sign-up', () => {
    const times = { startsAt: start, signedUpAt: new Date('2026-12-01T12:00:00Z'), todayAt };
    expect(reminderDue('day-before', times, settings)).toEqual(new Date('2026-12-04T16:00:00Z'));
    expect(reminderDue('today', times, settings)).toEqual(todayAt);
  });

  it('sends no day-before mail when the sign-up comes after that time, but still the toast', () => {
    const times = { startsAt: start, signedUpAt: new Date('2026-12-05T01:00:00Z'), todayAt };
    expect(reminderDue('day-before', times, settings)).toBeNull();
    expect(reminderDue('today', times, settings)).toEqual(todayAt);
  });

  it('toasts 2 h before the start when signing up after 07:00, at once inside those 2 h', () => {
    const morning = new Date('2026-12-05T13:30:00Z');
    expect(
      reminderDue('today', { startsAt: start, signedUpAt: morning, todayAt }, settings),
    ).toEqual(new Date('2026-12-05T14:00:00Z'));
    const late = new Date('2026-12-05T15:00:00Z');
    expect(reminderDue('today', { startsAt: start, signedUpAt: late, todayAt }, settings)).toEqual(
      late,
    );
  });

  it('toasts 2 h before an event that starts before 09:00', () => {
    const early = new Date('2026-12-05T13:30:00Z'); // 07:30 local
    const times = { startsAt: early, signedUpAt: new Date('2026-12-01T12:00:00Z'), todayAt };
    expect(reminderDue('today', times, settings)).toEqual(new Date('2026-12-05T11:30:00Z'));
  });

  it('sends nothing once the event has started', () => {
    const times = { startsAt: start, signedUpAt: new Date('2026-12-05T16:30:00Z'), todayAt };
    expect(reminderDue('today', times, settings)).toBeNull();
    expect(reminderDue('day-before', times, settings)).toBeNull();
  });

  it('gives every sign-up and kind one job id without a colon', () => {
    expect(reminderJobId('day-before', 7)).toBe('reminder-day-before-7');
    expect(reminderJobId('today', 7)).not.toContain(':');
  });
});
