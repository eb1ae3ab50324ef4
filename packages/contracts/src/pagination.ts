import { z } from 'zod';
import { coercedNumber, plainText } from './fields';
import { VALIDATION } from './messages';

export const PAGE_SIZE_DEFAULT = 50;
export const PAGE_SIZE_MAX = 200;

// Optional paging for list calls (query strings); the plain call keeps the spec's contract.
export const paginationQuerySchema = z.object({
  page: coercedNumber(z.number().int().min(1).optional()),
  pageSize: coercedNumber(z.number().int().min(1).max(PAGE_SIZE_MAX).optional()),
});
export type PaginationQuery = z.output<typeof paginationQuerySchema>;

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

// Keyset paging (issue 14.5) for lists that change while someone pages through them: ?limit=N for
// the first page, then ?limit=N&cursor=<nextCursor>. The cursor names the last row shown, so rows
// added or leaving the list (an entry approved off the Pending tab) never make the next page skip
// or repeat a row, as an offset would. Opaque to clients.
export const keysetQuerySchema = z.object({
  limit: coercedNumber(z.number().int().min(1).max(PAGE_SIZE_MAX).optional()),
  cursor: plainText()
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/, VALIDATION.invalidCursor)
    .optional(),
});
export type KeysetQuery = z.output<typeof keysetQuerySchema>;

export interface KeysetPage<T> {
  items: T[];
  // Rows in the whole list (for "n of total"), counted with the page.
  total: number;
  nextCursor: string | null;
}
