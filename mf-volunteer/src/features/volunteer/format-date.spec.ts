import { describe, expect, it } from '@jest/globals';
import { dateInputToIso, formatEventDate, todayInputValue } from './format-date';

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
