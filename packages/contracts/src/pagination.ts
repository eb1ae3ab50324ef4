import { z } from 'zod';
import { coercedNumber } from './fields';

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
