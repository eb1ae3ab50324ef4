import { describe, expect, it } from '@jest/globals';
import { validationErrors } from './errors';
import { reviewStatusSchema } from './review.schema';

describe('review status bodies', () => {
  // One body for blog posts, hour logs and photos (the kit's ReviewStatusDto).
  it('approved or rejected only', () => {
    const schema = reviewStatusSchema;
    expect(schema.parse({ status: 'approved' })).toEqual({ status: 'approved' });
    expect(schema.parse({ status: 'rejected' })).toEqual({ status: 'rejected' });
    for (const status of ['pending', 'APPROVED', '', undefined]) {
      expect(validationErrors(schema, { status })).toEqual({
        status: 'Status must be approved or rejected',
      });
    }
  });
});
