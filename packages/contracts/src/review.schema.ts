import { z } from 'zod';
import { REVIEW_DECISIONS } from './constants';
import { messageFor } from './fields';
import { VALIDATION } from './messages';

// PATCH …/status bodies for photos, blog posts and hour logs: approve or reject a pending item.
export const reviewStatusSchema = z.strictObject({
  status: z.enum(REVIEW_DECISIONS, {
    error: messageFor(VALIDATION.invalidStatus, VALIDATION.invalidStatus),
  }),
});
export type ReviewStatusInput = z.output<typeof reviewStatusSchema>;
