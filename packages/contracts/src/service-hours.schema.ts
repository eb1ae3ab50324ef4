import { z } from 'zod';
import {
  HOURS_DESCRIPTION_MIN,
  HOURS_MAX,
  HOURS_MIN,
  HOURS_STEP,
  REVIEW_STATUSES,
  TEXT_LIMITS,
} from './constants';
import {
  calendarDate,
  emptyMeansNone,
  idSchema,
  messageFor,
  plainText,
  withNumberInputs,
} from './fields';
import { VALIDATION } from './messages';
import { emailText } from './users.schema';

const DAY_MS = 24 * 60 * 60 * 1000;

// Hours are for work already done. A date-only value ("2025-03-01") parses as UTC midnight, so
// anything up to the end of the current UTC day counts as today for every US time zone.
export function isNotFutureDate(date: Date, now: Date = new Date()): boolean {
  const endOfUtcDay = Math.floor(now.getTime() / DAY_MS) * DAY_MS + DAY_MS;
  return date.getTime() < endOfUtcDay;
}

export const CONFIRMATION_DECISIONS = ['confirmed', 'declined'] as const;
export type ConfirmationDecision = (typeof CONFIRMATION_DECISIONS)[number];
export const CONFIRMATION_FILTERS = ['confirmed', 'declined', 'pending', 'none'] as const;
export type ConfirmationFilter = (typeof CONFIRMATION_FILTERS)[number];
// Mails per entry, the first one included (POST /api/service-hours/{id}/confirmation-mail).
export const CONFIRMATION_MAILS_MAX = 3;
export const CONFIRMATION_TTL_DAYS = 14;

// The organisation's answer as the student and the supervisors see it on the entry.
export const hourConfirmationSummaryResponseSchema = z.object({
  organisation: z.string(),
  contactEmail: z.string(),
  // null: asked, not answered yet.
  decision: z.enum(CONFIRMATION_DECISIONS).nullable(),
  decidedAt: z.string().nullable(),
  comment: z.string().nullable(),
  mailsSent: z.number().int(),
  expiresAt: z.string(),
});
export type HourConfirmationSummary = z.infer<typeof hourConfirmationSummaryResponseSchema>;

// GET /api/hour-confirmations/{token}: what the contact sees, and nothing more (first name only).
export const hourConfirmationViewResponseSchema = z.object({
  firstName: z.string(),
  school: z.string(),
  hours: z.number(),
  date: z.string(),
  description: z.string(),
  organisation: z.string(),
});
export type HourConfirmationView = z.infer<typeof hourConfirmationViewResponseSchema>;

// The link's token (32 random bytes, base64url); anything else is simply not found (404).
export const hourConfirmationTokenParamSchema = z.object({ token: plainText().max(100) });

// POST /api/hour-confirmations/{token}
export const hourConfirmationDecisionSchema = z.strictObject({
  decision: z.enum(CONFIRMATION_DECISIONS, { error: VALIDATION.required }),
  comment: plainText({ multiline: true })
    .max(TEXT_LIMITS.confirmationComment, VALIDATION.tooLong(TEXT_LIMITS.confirmationComment))
    .optional()
    .transform((value) => value || undefined),
});
export type HourConfirmationDecision = z.output<typeof hourConfirmationDecisionSchema>;
export type HourConfirmationDecisionInput = z.input<typeof hourConfirmationDecisionSchema>;

// GET/PATCH /api/service-hours/settings (admins).
export const hoursSettingsSchema = z.strictObject({
  // true: a confirmation approves the entry by itself; false (default): a supervisor still reviews.
  confirmationApproves: z.boolean({ error: VALIDATION.required }),
});
export type HoursSettings = z.infer<typeof hoursSettingsSchema>;

// The entry's own fields, shared by the log form and the correction (issue 33).
const serviceHoursBaseShape = {
  hours: z
    .number({ error: messageFor() })
    .min(HOURS_MIN, VALIDATION.hoursMin)
    .max(HOURS_MAX, VALIDATION.hoursMax)
    .multipleOf(HOURS_STEP, VALIDATION.hoursStep),
  description: plainText({ multiline: true })
    .min(HOURS_DESCRIPTION_MIN, VALIDATION.descriptionMin)
    .max(TEXT_LIMITS.hoursDescription, VALIDATION.tooLong(TEXT_LIMITS.hoursDescription)),
  // A calendar day: a date-time or a day the calendar lacks is refused (issue 29).
  date: calendarDate().refine((d) => isNotFutureDate(d), VALIDATION.hoursDateInFuture),
  opportunityId: idSchema.optional(),
};

// POST /api/service-hours and the Log Hours form.
export const serviceHoursSchema = z
  .strictObject({
    ...serviceHoursBaseShape,
    // Issue 19: the organisation whose contact is asked by e-mail to confirm the entry.
    organisation: plainText()
      .max(TEXT_LIMITS.organisation, VALIDATION.tooLong(TEXT_LIMITS.organisation))
      .optional()
      .transform((value) => value || undefined),
    contactEmail: emptyMeansNone(emailText(VALIDATION.contactEmail)),
  })
  // Both or neither: a contact needs an organisation to speak for, and the other way round.
  .superRefine((input, ctx) => {
    if (input.organisation && !input.contactEmail)
      ctx.addIssue({ code: 'custom', path: ['contactEmail'], message: VALIDATION.contactBoth });
    if (input.contactEmail && !input.organisation)
      ctx.addIssue({ code: 'custom', path: ['organisation'], message: VALIDATION.contactBoth });
  });
export type ServiceHoursInput = z.output<typeof serviceHoursSchema>;
// The Log Hours form: its text inputs for hours and the event as numbers, then the body's schema.
export const serviceHoursFormSchema = withNumberInputs(serviceHoursSchema, [
  'hours',
  'opportunityId',
]);

// GET /api/service-hours: `mine=true` asks for the caller's own entries even for a supervisor.
export const serviceHoursQuerySchema = z.object({
  mine: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
  status: z.enum(REVIEW_STATUSES).optional(),
  // Issue 19: by the organisation's answer ('pending': asked, not answered; 'none': never asked).
  confirmation: z.enum(CONFIRMATION_FILTERS).optional(),
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
  // Issue 19: the organisation's contact asked to confirm the entry; null when nobody was asked.
  confirmation: hourConfirmationSummaryResponseSchema.nullable(),
  // Issue 33: why a supervisor rejected it. Kept while a corrected entry waits for its new review
  // (the student and the reviewer see what was wrong); a decision replaces or clears it.
  rejectionReason: z.string().nullable(),
});
export type ServiceHoursLog = z.infer<typeof serviceHoursLogResponseSchema>;

// Issue 33: PATCH /api/service-hours/{id}/status. The spec's body ({status: approved|rejected})
// still works; `reason` goes with a rejection; `pending` is a supervisor's undo of a decision.
const rejectionReason = plainText({ multiline: true })
  .max(TEXT_LIMITS.rejectionReason, VALIDATION.tooLong(TEXT_LIMITS.rejectionReason))
  .optional()
  .transform((value) => value || undefined);

export const serviceHoursStatusSchema = z
  .strictObject({
    status: z.enum(REVIEW_STATUSES, {
      error: messageFor(VALIDATION.invalidHoursStatus, VALIDATION.invalidHoursStatus),
    }),
    reason: rejectionReason,
  })
  .superRefine((input, ctx) => {
    if (input.reason && input.status !== 'rejected')
      ctx.addIssue({
        code: 'custom',
        path: ['reason'],
        message: VALIDATION.reasonOnlyWithRejection,
      });
  });
export type ServiceHoursStatusInput = z.output<typeof serviceHoursStatusSchema>;

// The supervisor's reject dialog: the same body with the reason required (the API keeps it
// optional, as the spec's body has none).
export const rejectionFormSchema = z.strictObject({
  reason: plainText({ multiline: true, required: VALIDATION.reasonRequired })
    .min(1, VALIDATION.reasonRequired)
    .max(TEXT_LIMITS.rejectionReason, VALIDATION.tooLong(TEXT_LIMITS.rejectionReason)),
});
export type RejectionFormInput = z.output<typeof rejectionFormSchema>;

// Issue 33: PUT /api/service-hours/{id}: the owner corrects a rejected entry and sends it again
// (back to pending). The fields of the log form; the organisation's contact is not asked again.
export const serviceHoursCorrectionSchema = z.strictObject({
  hours: serviceHoursBaseShape.hours,
  description: serviceHoursBaseShape.description,
  date: serviceHoursBaseShape.date,
  opportunityId: serviceHoursBaseShape.opportunityId,
});
export type ServiceHoursCorrection = z.output<typeof serviceHoursCorrectionSchema>;
export const serviceHoursCorrectionFormSchema = withNumberInputs(serviceHoursCorrectionSchema, [
  'hours',
  'opportunityId',
]);
