import { describe, expect, it } from '@jest/globals';
import { validationErrors } from './errors';
import {
  createOpportunityFormSchema,
  createOpportunitySchema,
  defaultEndsAt,
  eventPhotoSchema,
  isOpportunityFull,
  opportunitiesQuerySchema,
  opportunityResponseSchema,
  opportunityStatusSchema,
} from './opportunities.schema';
import { updateOpportunityFormSchema } from './opportunity-edit.schema';

describe('createOpportunitySchema', () => {
  const valid = {
    title: 'Beach clean-up',
    description: 'Help clean Grand Isle beach',
    location: 'Grand Isle',
    date: '2030-06-01T09:00:00.000Z',
    spaces: 10,
  };

  it('takes the date-time and a number as the document says; the form converts its text first', () => {
    const data = createOpportunitySchema.parse({ ...valid, date: '2030-06-01T04:00:00-05:00' });
    expect(data.date).toBeInstanceOf(Date);
    expect(data.date.toISOString()).toBe('2030-06-01T09:00:00.000Z');
    // Issue 29: "3" is no integer, a day is no date-time, and 30 February does not exist.
    expect(validationErrors(createOpportunitySchema, { ...valid, spaces: '3' })).toEqual({
      spaces: 'Expected number, received string',
    });
    for (const date of [
      '2030-06-01',
      '2024-02-30T10:00:00Z',
      '9999-12-31T23:00:00-05:00',
      '10000-01-01T00:00:00Z',
    ])
      expect([date, validationErrors(createOpportunitySchema, { ...valid, date })]).toEqual([
        date,
        { date: 'Invalid date' },
      ]);
    const form = createOpportunityFormSchema.parse({ ...valid, spaces: '3', repeatWeeks: '' });
    expect([form.spaces, form.repeatWeeks]).toEqual([3, undefined]);
    expect(updateOpportunityFormSchema.parse({ spaces: '12' }).spaces).toBe(12);
  });

  it('takes an optional end, which must come after the start', () => {
    expect(createOpportunitySchema.parse(valid).endsAt).toBeUndefined();
    const data = createOpportunitySchema.parse({ ...valid, endsAt: '2030-06-01T12:30:00.000Z' });
    expect(data.endsAt?.toISOString()).toBe('2030-06-01T12:30:00.000Z');
    expect(
      validationErrors(createOpportunitySchema, { ...valid, endsAt: '2030-06-01T09:00:00.000Z' }),
    ).toEqual({ endsAt: 'End must be after the start' });
    expect(defaultEndsAt(new Date(valid.date)).toISOString()).toBe('2030-06-01T11:00:00.000Z');
  });

  it('requires title, description, location and a real date', () => {
    expect(validationErrors(createOpportunitySchema, { spaces: 1 })).toEqual({
      title: 'Required',
      description: 'Required',
      location: 'Required',
      date: 'Required',
    });
    expect(
      validationErrors(createOpportunitySchema, { ...valid, title: '   ', date: 'someday' }),
    ).toEqual({
      title: 'Required',
      date: 'Invalid date',
    });
  });

  it('needs at least one whole space', () => {
    expect(validationErrors(createOpportunitySchema, { ...valid, spaces: 0 })).toEqual({
      spaces: 'Spaces must be at least 1',
    });
    expect(validationErrors(createOpportunitySchema, { ...valid, spaces: 2.5 })).toEqual({
      spaces: 'Spaces must be a whole number',
    });
    expect(validationErrors(createOpportunitySchema, { ...valid, spaces: 'many' })).toEqual({
      spaces: 'Expected number, received string',
    });
  });

  it('refuses unknown fields such as a client-chosen status', () => {
    expect(validationErrors(createOpportunitySchema, { ...valid, status: 'archived' })).toEqual({
      status: 'Unrecognized field: status',
    });
  });
});

describe('opportunity queries and responses', () => {
  it('filters by active or archived only', () => {
    expect(opportunitiesQuerySchema.parse({})).toEqual({});
    expect(opportunitiesQuerySchema.parse({ status: 'archived' })).toEqual({ status: 'archived' });
    expect(validationErrors(opportunitiesQuerySchema, { status: 'deleted' })).toEqual({
      status: 'Status must be active or archived',
    });
    expect(opportunityStatusSchema.parse({ status: 'archived' })).toEqual({ status: 'archived' });
  });

  it('is full when signups reach spaces', () => {
    const o = opportunityResponseSchema.parse({
      id: 1,
      title: 't',
      description: 'd',
      location: 'l',
      date: '2030-01-01T00:00:00.000Z',
      endsAt: '2030-01-01T02:00:00.000Z',
      spaces: 2,
      status: 'active',
      filled: 2,
    });
    expect(isOpportunityFull(o)).toBe(true);
    expect(isOpportunityFull({ ...o, filled: 1 })).toBe(false);
  });
});

describe('eventPhotoSchema', () => {
  const valid = { photoUrl: 'https://photos.example.org/cleanup.jpg', caption: 'Our team' };

  it('accepts an http(s) URL with a caption, and a matching opportunityId', () => {
    expect(eventPhotoSchema.parse(valid)).toEqual(valid);
    expect(eventPhotoSchema.parse({ ...valid, opportunityId: 4 }).opportunityId).toBe(4);
    expect(eventPhotoSchema.safeParse({ ...valid, opportunityId: '4' }).success).toBe(false);
    expect(
      eventPhotoSchema.parse({ ...valid, photoUrl: 'http://localhost:8080/a.png' }).photoUrl,
    ).toBe('http://localhost:8080/a.png');
  });

  it('says "Invalid photo URL" for non-URLs and script or data URLs', () => {
    for (const photoUrl of [
      '',
      'photo.jpg',
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'data:image/png;base64,AA',
      'file:///etc/passwd',
    ]) {
      expect(validationErrors(eventPhotoSchema, { ...valid, photoUrl })).toEqual({
        photoUrl: 'Invalid photo URL',
      });
    }
  });

  it('says "Caption is required" and "Caption too long"', () => {
    expect(validationErrors(eventPhotoSchema, { photoUrl: valid.photoUrl })).toEqual({
      caption: 'Caption is required',
    });
    expect(validationErrors(eventPhotoSchema, { ...valid, caption: '   ' })).toEqual({
      caption: 'Caption is required',
    });
    expect(validationErrors(eventPhotoSchema, { ...valid, caption: 'x'.repeat(201) })).toEqual({
      caption: 'Caption too long',
    });
    expect(eventPhotoSchema.parse({ ...valid, caption: 'x'.repeat(200) }).caption).toHaveLength(
      200,
    );
  });

  it('refuses a bad opportunityId', () => {
    expect(validationErrors(eventPhotoSchema, { ...valid, opportunityId: -1 })).toEqual({
      opportunityId: 'Invalid id',
    });
  });
});
