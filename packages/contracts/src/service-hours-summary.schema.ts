import { z } from 'zod';
import { keysetQuerySchema, paginationQuerySchema } from './pagination';
import { serviceHoursQuerySchema } from './service-hours.schema';

// Optional server-side help for the supervisor page (20,000 entries): counts and sums per school,
// and paged lists. The plain GET /api/service-hours keeps the spec's contract (a full array).

export const serviceHoursSummaryPath = '/api/service-hours/summary';

// GET /api/service-hours?status=…&school=…&page=…&pageSize=…: with page or pageSize the answer
// is a Page<ServiceHoursLog> ({items, total, page, pageSize}), newest first. With limit or cursor
// (keyset, what the supervisor page uses) it is a KeysetPage<ServiceHoursLog>.
export const serviceHoursListQuerySchema = serviceHoursQuerySchema
  .extend(paginationQuerySchema.shape)
  .extend(keysetQuerySchema.shape);
export type ServiceHoursListQuery = z.output<typeof serviceHoursListQuerySchema>;

// GET /api/service-hours/summary?school=…&mine=…: the same scope rules as the list.
export const serviceHoursSummaryQuerySchema = serviceHoursQuerySchema.pick({
  mine: true,
  school: true,
});
export type ServiceHoursSummaryQuery = z.output<typeof serviceHoursSummaryQuerySchema>;

const summaryTotalsSchema = z.object({
  // Entry counts in the scope (the school filter applied).
  total: z.number().int(),
  pending: z.number().int(),
  approved: z.number().int(),
  rejected: z.number().int(),
  // Exact sums of halves.
  approvedHours: z.number(),
  pendingHours: z.number(),
  // Distinct students with at least one entry in the scope.
  activeStudents: z.number().int(),
});
export type ServiceHoursTotals = z.infer<typeof summaryTotalsSchema>;

export const serviceHoursSummarySchema = summaryTotalsSchema.extend({
  // Canonical schools that have entries (ignoring the school filter), in registry order.
  schools: z.array(z.string()),
  // The same totals per school, so switching the school filter needs no new request.
  bySchool: z.record(z.string(), summaryTotalsSchema),
});
export type ServiceHoursSummary = z.infer<typeof serviceHoursSummarySchema>;
