import { describe, expect, it } from '@jest/globals';
import { validationErrors } from './errors';
import {
  createOpportunitySchema,
  defaultEndsAt,
  eventPhotoSchema,
  isOpportunityFull,
  opportunitiesQuerySchema,
  opportunityResponseSchema,
  opportunitySchema,
  opportunityStatusSchema,
} from './opportunities.schema';

describe('createOpportunitySchema', () => {
  const valid = {
    title: 'Beach clean-up',
    description: 'Help clean Grand Isle beach',
    location: 'Grand Isle',
    date: '2030-06-01T09:00:00.000Z',
    spaces: 10,
  };

  it('coerces the date and form strings', () => {
    const data = createOpportunitySchema.parse({ ...valid, spaces: '3', date: '2030-06-01' });
    expect(data.date).toBeInstanceOf(Date);
    expect(data.date.toISOString()).toBe('2030-06-01T00:00:00.000Z');
    expect(data.spaces).toBe(3);
    expect(opportunitySchema).toBe(createOpportunitySchema);
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
    expect(eventPhotoSchema.parse({ ...valid, opportunityId: '4' }).opportunityId).toBe(4);
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
