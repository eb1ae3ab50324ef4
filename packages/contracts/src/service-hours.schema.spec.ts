import { describe, expect, it } from '@jest/globals';
import { validationErrors } from './errors';
import {
  isNotFutureDate,
  serviceHoursQuerySchema,
  serviceHoursSchema,
} from './service-hours.schema';

describe('serviceHoursSchema', () => {
  const valid = { hours: 1.5, description: 'Beach clean-up', date: '2024-03-01' };

  it('accepts halves from 0.5 to 24 and coerces the date', () => {
    for (const hours of [0.5, 1, 23.5, 24, '2.5']) {
      expect(serviceHoursSchema.safeParse({ ...valid, hours }).success).toBe(true);
    }
    const data = serviceHoursSchema.parse({ ...valid, opportunityId: 3 });
    expect(data.date).toBeInstanceOf(Date);
    expect(data.opportunityId).toBe(3);
  });

  it('treats an empty event selection as none', () => {
    expect(serviceHoursSchema.parse({ ...valid, opportunityId: '' }).opportunityId).toBeUndefined();
    expect(
      serviceHoursSchema.parse({ ...valid, opportunityId: null }).opportunityId,
    ).toBeUndefined();
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
    const nextYear = new Date(Date.now() + 366 * 24 * 3600 * 1000).toISOString();
    expect(validationErrors(serviceHoursSchema, { ...valid, date: nextYear })).toEqual({
      date: 'Date cannot be in the future',
    });
    expect(validationErrors(serviceHoursSchema, { ...valid, date: 'yesterday' })).toEqual({
      date: 'Invalid date',
    });
    expect(serviceHoursSchema.safeParse({ ...valid, date: new Date() }).success).toBe(true);
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
