import { paginationQuerySchema, REVIEW_STATUSES } from '@district/contracts';
import { z } from 'zod';

// GET /api/blog-posts?page&pageSize&status. ?status narrows a page to one status (issue 14.5: the
// admins' "Awaiting review" list, paged). It never widens what a reader may see: a student asking
// for pending posts gets their own.
export const blogListQuerySchema = paginationQuerySchema.extend({
  status: z.enum(REVIEW_STATUSES).optional(),
});
export type BlogListQuery = z.output<typeof blogListQuerySchema>;
