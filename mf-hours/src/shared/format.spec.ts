import { beforeAll, describe, expect, it } from '@jest/globals';
import { loadHoursCatalogue, inSpanish } from '../testing/i18n';
import {
  continuousMonths,
  errorText,
  formatHours,
  formatHoursDate,
  formatMonth,
  hoursLabel,
  todayInputValue,
} from './format';

describe('hours formatting', () => {
  beforeAll(loadHoursCatalogue);

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

  it('writes dates, months and hours the Spanish way when Spanish is in use', async () => {
    await inSpanish(() => {
      expect(formatHoursDate('2025-03-01')).toBe('1 mar 2025');
      expect(formatMonth('2025-03')).toBe('mar 2025');
      expect(hoursLabel(1)).toBe('1 hora');
      // Issue 33: the decimal comma of Spanish ("4,5 horas").
      expect(hoursLabel(2.5)).toBe('2,5 horas');
    });
    expect(formatMonth('2025-03')).toBe('Mar 2025');
  });

  it('draws at least six months up to this one, so one month is not one huge bar (issue 33)', () => {
    const now = new Date(2026, 2, 15);
    expect(continuousMonths([{ month: '2026-02', hours: 4.5 }], now)).toEqual([
      { month: '2025-10', hours: 0 },
      { month: '2025-11', hours: 0 },
      { month: '2025-12', hours: 0 },
      { month: '2026-01', hours: 0 },
      { month: '2026-02', hours: 4.5 },
      { month: '2026-03', hours: 0 },
    ]);
    // An older month widens the range; gaps are filled with 0.
    const long = continuousMonths([{ month: '2025-01', hours: 2 }], now);
    expect(long).toHaveLength(15);
    expect(long[0]).toEqual({ month: '2025-01', hours: 2 });
  });
});
