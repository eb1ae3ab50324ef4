import { describe, expect, it } from '@jest/globals';
import { validationErrors } from './errors';
import {
  isNotFutureDate,
  serviceHoursQuerySchema,
  serviceHoursFormSchema,
  rejectionFormSchema,
  serviceHoursSchema,
  serviceHoursStatusSchema,
} from './service-hours.schema';

describe('serviceHoursSchema', () => {
  const valid = { hours: 1.5, description: 'Beach clean-up', date: '2024-03-01' };

  it('accepts halves from 0.5 to 24 and turns the day into a Date', () => {
    for (const hours of [0.5, 1, 23.5, 24, 2.5]) {
      expect(serviceHoursSchema.safeParse({ ...valid, hours }).success).toBe(true);
    }
    const data = serviceHoursSchema.parse({ ...valid, opportunityId: 3 });
    expect(data.date).toBeInstanceOf(Date);
    expect(data.opportunityId).toBe(3);
  });

  it('takes numbers as numbers (issue 29); the form turns its text and "no event" into them', () => {
    expect(validationErrors(serviceHoursSchema, { ...valid, hours: '2' })).toEqual({
      hours: 'Expected number, received string',
    });
    expect(validationErrors(serviceHoursSchema, { ...valid, opportunityId: '1' })).toEqual({
      opportunityId: 'Invalid id',
    });
    expect(serviceHoursSchema.safeParse({ ...valid, opportunityId: null }).success).toBe(false);
    const form = serviceHoursFormSchema.parse({ ...valid, hours: '2.5', opportunityId: '' });
    expect([form.hours, form.opportunityId]).toEqual([2.5, undefined]);
    expect(serviceHoursFormSchema.parse({ ...valid, opportunityId: '3' }).opportunityId).toBe(3);
  });

  it('bounds hours', () => {
    expect(validationErrors(serviceHoursSchema, { ...valid, hours: 0 })).toEqual({
      hours: 'Hours must be at least 0.5',
    });
    expect(validationErrors(serviceHoursSchema, { ...valid, hours: 24.5 })).toEqual({
      hours: 'Hours cannot exceed 24',
    });
    expect(validationErrors(serviceHoursSchema, { ...valid, hours: 1.25 })).toEqual({
      hours: 'Hours must be in steps of 0.5',
    });
    expect(validationErrors(serviceHoursSchema, { ...valid, hours: 'lots' })).toEqual({
      hours: 'Expected number, received string',
    });
    expect(
      validationErrors(serviceHoursSchema, { description: valid.description, date: valid.date }),
    ).toEqual({ hours: 'Required' });
  });

  it('says "Description must be at least 10 characters"', () => {
    expect(validationErrors(serviceHoursSchema, { ...valid, description: 'too short' })).toEqual({
      description: 'Description must be at least 10 characters',
    });
  });

  it('refuses dates in the future and nonsense dates', () => {
    const nextYear = new Date(Date.now() + 366 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    expect(validationErrors(serviceHoursSchema, { ...valid, date: nextYear })).toEqual({
      date: 'Date cannot be in the future',
    });
    expect(validationErrors(serviceHoursSchema, { ...valid, date: 'yesterday' })).toEqual({
      date: 'Invalid date',
    });
    const today = new Date().toISOString().slice(0, 10);
    expect(serviceHoursSchema.safeParse({ ...valid, date: today }).success).toBe(true);
  });

  it('takes a calendar day that exists, and nothing else (issue 29)', () => {
    expect(serviceHoursSchema.parse({ ...valid, date: '2024-02-29' }).date.toISOString()).toBe(
      '2024-02-29T00:00:00.000Z',
    );
    for (const date of [
      '2024-02-30',
      '2023-02-29',
      '2025-04-31',
      '2025-03-01T00:00:00.000Z',
      '2025-03-01T10:00',
      '1899-12-31',
      ' 2025-03-01',
      '20250301',
    ])
      expect([date, validationErrors(serviceHoursSchema, { ...valid, date })]).toEqual([
        date,
        { date: 'Invalid date' },
      ]);
  });

  it('counts today as today for every US time zone', () => {
    const now = new Date('2025-03-01T23:30:00-06:00'); // 05:30 UTC on 2 March
    expect(isNotFutureDate(new Date('2025-03-01'), now)).toBe(true);
    expect(isNotFutureDate(new Date('2025-03-02'), now)).toBe(true);
    expect(isNotFutureDate(new Date('2025-03-03'), now)).toBe(false);
  });

  it('reads the own-entries query flag', () => {
    expect(serviceHoursQuerySchema.parse({}).mine).toBe(false);
    expect(serviceHoursQuerySchema.parse({ mine: 'true' }).mine).toBe(true);
    expect(serviceHoursQuerySchema.safeParse({ mine: 'maybe' }).success).toBe(false);
  });
});

describe('serviceHoursStatusSchema (issue 33)', () => {
  it("keeps the spec's body and takes a trimmed reason with a rejection", () => {
    expect(serviceHoursStatusSchema.parse({ status: 'approved' })).toEqual({ status: 'approved' });
    expect(
      serviceHoursStatusSchema.parse({ status: 'rejected', reason: '  Missing details  ' }),
    ).toEqual({ status: 'rejected', reason: 'Missing details' });
    expect(serviceHoursStatusSchema.parse({ status: 'pending' })).toEqual({ status: 'pending' });
  });

  it('refuses a reason over 500 characters or beside an approval, on the reason field', () => {
    for (const body of [
      { status: 'rejected', reason: 'x'.repeat(501) },
      { status: 'approved', reason: 'Fine' },
    ]) {
      const result = serviceHoursStatusSchema.safeParse(body);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(['reason']);
    }
  });

  it('the reject dialog requires a reason', () => {
    expect(rejectionFormSchema.safeParse({ reason: '   ' }).success).toBe(false);
    expect(rejectionFormSchema.safeParse({ reason: 'Not a volunteer activity' }).success).toBe(
      true,
    );
  });
});
