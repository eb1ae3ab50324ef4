import { describe, expect, it } from '@jest/globals';
import {
  dateInputToIso,
  dateTimeInputsToIso,
  formatEventDate,
  formatTimeRange,
  todayInputValue,
} from './format-date';

describe('event dates', () => {
  it('shows the long form of the day the form picked, in the viewer’s zone', () => {
    const iso = dateInputToIso('2031-05-04');
    expect(iso).toBeDefined();
    expect(formatEventDate(iso!)).toBe('Sunday, May 4, 2031');
  });

  it('defaults the form to today', () => {
    expect(todayInputValue(new Date(2030, 0, 9, 23, 30))).toBe('2030-01-09');
  });

  it('refuses what is not a date input value', () => {
    expect(dateInputToIso('')).toBeUndefined();
    expect(dateInputToIso('May 4')).toBeUndefined();
    expect(formatEventDate('not a date')).toBe('not a date');
  });
});

describe('event times (issue 18)', () => {
  it('shows the range in the viewer’s zone, naming the zone', () => {
    const start = dateTimeInputsToIso('2031-05-04', '09:00')!;
    const end = dateTimeInputsToIso('2031-05-04', '11:30')!;
    expect(formatTimeRange(start, end)).toMatch(/^9:00\s–\s11:30\sAM \S+$/);
    const afternoon = dateTimeInputsToIso('2031-05-04', '14:00')!;
    expect(formatTimeRange(end, afternoon)).toMatch(/^11:30\sAM\s–\s2:00\sPM \S+$/);
  });

  it('names both days when the event ends on another day', () => {
    const start = dateTimeInputsToIso('2031-05-04', '22:00')!;
    const end = dateTimeInputsToIso('2031-05-05', '01:00')!;
    expect(formatTimeRange(start, end)).toMatch(/May 4.*May 5/);
  });
});
