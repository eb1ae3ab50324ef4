import { describe, expect, it } from '@jest/globals';
import { auditQuerySchema } from './audit.schema';
import { validationErrors } from './errors';
import { plainText } from './fields';
import { VALIDATION } from './messages';
import { createOpportunitySchema } from './opportunities.schema';
import { serviceHoursSchema } from './service-hours.schema';

// The fuzz run (fuzz/) found JavaScript dates PostgreSQL cannot store answering 500; every date
// field now keeps to years 1900–9999 and answers 400 "Invalid date" outside them.
describe('date fields', () => {
  const opportunity = {
    title: 'Park clean-up',
    description: 'Bring gloves',
    location: 'City Park',
    spaces: 3,
  };
  const hours = { hours: 2, description: 'Helping at the food bank' };

  it.each([
    '-271821-04-20T00:00:00.000Z',
    '0000-01-01',
    '1899-12-31',
    '+275760-09-13T00:00:00.000Z',
  ])('refuse %s as an invalid date', (date) => {
    expect(validationErrors(createOpportunitySchema, { ...opportunity, date })).toEqual({
      date: VALIDATION.invalidDate,
    });
    expect(validationErrors(serviceHoursSchema, { ...hours, date })).toEqual({
      date: VALIDATION.invalidDate,
    });
    expect(validationErrors(auditQuerySchema, { from: date })).toEqual({
      from: VALIDATION.invalidDate,
    });
  });

  it.each(['1900-01-01', '2025-03-01'])('accept %s where a day is asked', (date) => {
    expect(validationErrors(serviceHoursSchema, { ...hours, date })).toEqual({});
    expect(validationErrors(auditQuerySchema, { to: date })).toEqual({});
  });

  it('refuse a date-time where a day is asked, and a day where an instant is (issue 29)', () => {
    expect(
      validationErrors(serviceHoursSchema, { ...hours, date: '2025-03-01T10:00:00+14:00' }),
    ).toEqual({ date: VALIDATION.invalidDate });
    expect(
      validationErrors(createOpportunitySchema, { ...opportunity, date: '2030-03-01' }),
    ).toEqual({ date: VALIDATION.invalidDate });
    // The audit filter takes either.
    expect(validationErrors(auditQuerySchema, { to: '2025-03-01T10:00:00+14:00' })).toEqual({});
  });

  it('accept an instant far ahead for an opportunity', () => {
    expect(
      validationErrors(createOpportunitySchema, { ...opportunity, date: '9999-12-31T10:00:00Z' }),
    ).toEqual({});
  });
});

describe('plain text with a lone surrogate', () => {
  it('stores U+FFFD in its place, as PostgreSQL text does, so JSON (jsonb) can hold it', () => {
    expect(plainText().parse('a\ud800b')).toBe('a\ufffdb');
    expect(plainText().parse('x\udc00')).toBe('x\ufffd');
    // A whole pair (an emoji) stays.
    expect(plainText().parse('ok 👍')).toBe('ok 👍');
  });
});
