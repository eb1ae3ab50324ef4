import { z } from 'zod';
import {
  HOURS_DESCRIPTION_MIN,
  HOURS_MAX,
  HOURS_MIN,
  HOURS_STEP,
  REVIEW_STATUSES,
  TEXT_LIMITS,
} from './constants';
import { coercedDate, coercedNumber, idSchema, messageFor, plainText } from './fields';
import { VALIDATION } from './messages';

const DAY_MS = 24 * 60 * 60 * 1000;

// Hours are for work already done. A date-only value ("2025-03-01") parses as UTC midnight, so
// anything up to the end of the current UTC day counts as today for every US time zone.
export function isNotFutureDate(date: Date, now: Date = new Date()): boolean {
  const endOfUtcDay = Math.floor(now.getTime() / DAY_MS) * DAY_MS + DAY_MS;
  return date.getTime() < endOfUtcDay;
}

// POST /api/service-hours and the Log Hours form.
export const serviceHoursSchema = z.strictObject({
  hours: coercedNumber(
    z
      .number({ error: messageFor() })
      .min(HOURS_MIN, VALIDATION.hoursMin)
      .max(HOURS_MAX, VALIDATION.hoursMax)
      .multipleOf(HOURS_STEP, VALIDATION.hoursStep),
  ),
  description: plainText({ multiline: true })
    .min(HOURS_DESCRIPTION_MIN, VALIDATION.descriptionMin)
    .max(TEXT_LIMITS.hoursDescription, VALIDATION.tooLong(TEXT_LIMITS.hoursDescription)),
  date: coercedDate().refine((d) => isNotFutureDate(d), VALIDATION.hoursDateInFuture),
  opportunityId: coercedNumber(idSchema.optional()),
});
export type ServiceHoursInput = z.output<typeof serviceHoursSchema>;

// GET /api/service-hours: `mine=true` asks for the caller's own entries even for a supervisor.
export const serviceHoursQuerySchema = z.object({
  mine: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
  status: z.enum(REVIEW_STATUSES).optional(),
  school: plainText()
    .max(TEXT_LIMITS.name * 2)
    .optional(),
});
export type ServiceHoursQuery = z.output<typeof serviceHoursQuerySchema>;

// Where an entry came from: the student's own log, or attendance (issue 18) taken by an admin
// on the roster or by the student checking in with the event's code.
export const HOURS_SOURCES = ['manual', 'roster', 'check-in'] as const;
export type HoursSource = (typeof HOURS_SOURCES)[number];

export const serviceHoursLogResponseSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  opportunityId: z.number().int().nullable(),
  hours: z.number(),
  description: z.string(),
  // ISO date (YYYY-MM-DD) or datetime
  date: z.string(),
  status: z.enum(REVIEW_STATUSES),
  approvedBy: z.number().int().nullable(),
  submittedAt: z.string(),
  userName: z.string(),
  // Canonical registry name or "Other".
  schoolName: z.string(),
  source: z.enum(HOURS_SOURCES),
  // A hand-logged entry that looks like an attendance entry of the same student: that entry's id.
  possibleDuplicateOf: z.number().int().nullable(),
});
export type ServiceHoursLog = z.infer<typeof serviceHoursLogResponseSchema>;
