import { describe, expect, it } from '@jest/globals';
import { validationErrors } from './errors';
import { blogStatusSchema, hoursStatusSchema, photoStatusSchema } from './review.schema';

describe('review status bodies', () => {
  it.each([
    ['blog', blogStatusSchema],
    ['hours', hoursStatusSchema],
    ['photo', photoStatusSchema],
  ])('%s: approved or rejected only', (_name, schema) => {
    expect(schema.parse({ status: 'approved' })).toEqual({ status: 'approved' });
    expect(schema.parse({ status: 'rejected' })).toEqual({ status: 'rejected' });
    for (const status of ['pending', 'APPROVED', '', undefined]) {
      expect(validationErrors(schema, { status })).toEqual({
        status: 'Status must be approved or rejected',
      });
    }
  });
});
