import { z } from 'zod';
import { BLOG_CONTENT_MIN, BLOG_TITLE_MIN, REVIEW_STATUSES, TEXT_LIMITS } from './constants';
import { plainText } from './fields';
import { VALIDATION } from './messages';
import { paginationQuerySchema } from './pagination';

// POST /api/blog-posts and the Write a Post form. Lengths count trimmed text.
export const blogPostSchema = z.strictObject({
  title: plainText()
    .min(BLOG_TITLE_MIN, VALIDATION.titleMin)
    .max(TEXT_LIMITS.blogTitle, VALIDATION.tooLong(TEXT_LIMITS.blogTitle)),
  content: plainText({ multiline: true })
    .min(BLOG_CONTENT_MIN, VALIDATION.contentMin)
    .max(TEXT_LIMITS.blogContent, VALIDATION.tooLong(TEXT_LIMITS.blogContent)),
});
export type BlogPostInput = z.output<typeof blogPostSchema>;

export const blogAuthorSchema = z.object({ name: z.string(), avatarUrl: z.string().nullable() });
export type BlogAuthor = z.infer<typeof blogAuthorSchema>;

export const blogPostResponseSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  status: z.enum(REVIEW_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
  // null once the author's account is deleted, or while a roster import has deactivated it
  // (issue 31): the card shows "Unknown Author".
  author: blogAuthorSchema.nullable(),
});
export type BlogPost = z.infer<typeof blogPostResponseSchema>;

// GET /api/blog-posts?page&pageSize&status. ?status narrows a page to one status (issue 14.5: the
// admins' "Awaiting review" list, paged). It never widens what a reader may see: a student asking
// for pending posts gets their own.
export const blogListQuerySchema = paginationQuerySchema.extend({
  status: z.enum(REVIEW_STATUSES).optional(),
});
export type BlogListQuery = z.output<typeof blogListQuerySchema>;
