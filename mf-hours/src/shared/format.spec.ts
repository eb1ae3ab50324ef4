import { describe, expect, it } from '@jest/globals';
import { errorText, formatHours, formatHoursDate, hoursLabel, todayInputValue } from './format';

describe('hours formatting', () => {
  it('shows a calendar day as that day in every time zone (no shift to the day before)', () => {
    // The suite runs in the machine's zone; the date must not depend on it.
    expect(formatHoursDate('2025-03-01')).toBe('Mar 1, 2025');
    expect(formatHoursDate('2024-12-31')).toBe('Dec 31, 2024');
  });

  it('writes halves plainly', () => {
    expect(formatHours(1.5)).toBe('1.5');
    expect(formatHours(24)).toBe('24');
    expect(hoursLabel(1)).toBe('1 hour');
    expect(hoursLabel(0.5)).toBe('0.5 hours');
  });

  it('gives today in the local zone as the date input expects', () => {
    expect(todayInputValue(new Date(2025, 0, 9, 23, 30))).toBe('2025-01-09');
  });

  it('strips the status prefix of an API error for inline messages', () => {
    expect(errorText(new Error('409: Only pending items can be reviewed'))).toBe(
      'Only pending items can be reviewed',
    );
  });
});
