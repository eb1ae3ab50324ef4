import { z } from 'zod';
import { TEXT_LIMITS } from './constants';
import { calendarDayText, messageFor, plainText, routeIdSchema } from './fields';
import { CONSENT_MESSAGES } from './feature-messages';

// Their texts live in a zod-free module the browser's first load can import (issue 22).
export { CONSENT_MAILS_MAX, CONSENT_MESSAGES } from './feature-messages';

// Issue 20 "Guardian consent under 13". 'school': the district consents (SPEC registration);
// 'guardian': a date of birth at registration, and a guardian's signed consent under 13.
export const CONSENT_MODES = ['school', 'guardian'] as const;
export type ConsentMode = (typeof CONSENT_MODES)[number];
export const CONSENT_MIN_AGE = 13;
// A guardian link lives this long; an account still pending after CONSENT_DEADLINE_DAYS is deleted.
export const CONSENT_TOKEN_TTL_DAYS = 30;

// YYYY-MM-DD, a real day, not in the future, not before 1900.
export const dateOfBirthSchema = calendarDayText(
  CONSENT_MESSAGES.dateOfBirthInvalid,
  CONSENT_MESSAGES.dateOfBirthRequired,
).refine((value) => new Date(`${value}T00:00:00Z`).getTime() <= Date.now(), {
  message: CONSENT_MESSAGES.dateOfBirthInvalid,
});

export const guardianEmailSchema = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim() : value),
  plainText({ message: CONSENT_MESSAGES.guardianEmailInvalid })
    .max(TEXT_LIMITS.email, CONSENT_MESSAGES.guardianEmailInvalid)
    .meta({ format: 'email' })
    .pipe(
      z
        .email({ error: messageFor(CONSENT_MESSAGES.guardianEmailInvalid) })
        .max(TEXT_LIMITS.email, CONSENT_MESSAGES.guardianEmailInvalid),
    ),
);

// /api/guardian-consent/{token}: the token as mailed (base64url); anything else is simply an
// unknown link (404).
export const consentTokenParamSchema = z.object({
  token: plainText({ trim: false }).min(1).max(TEXT_LIMITS.resetToken),
});
// POST /api/admin/consents/{userId}/resend
export const consentUserParamSchema = z.object({ userId: routeIdSchema });

// Whole years on `today` (UTC calendar days).
export function ageOn(dateOfBirth: string, today: Date = new Date()): number {
  const [y, m, d] = dateOfBirth.split('-').map(Number);
  const ty = today.getUTCFullYear();
  const tm = today.getUTCMonth() + 1;
  const td = today.getUTCDate();
  return ty - y - (tm < m || (tm === m && td < d) ? 1 : 0);
}

// GET /api/guardian-consent/{token} (public): what the guardian is agreeing to, for whom.
export const guardianConsentResponseSchema = z.object({
  studentName: z.string(),
  school: z.string(),
  grade: z.number().int(),
  deadline: z.string(),
});
export type GuardianConsentRequest = z.infer<typeof guardianConsentResponseSchema>;

// POST /api/guardian-consent/{token}
export const guardianConsentDecisionSchema = z.strictObject({
  decision: z.enum(['consent', 'refuse'], {
    error: messageFor("decision must be 'consent' or 'refuse'"),
  }),
});
export type GuardianConsentDecision = z.output<typeof guardianConsentDecisionSchema>;

// GET /api/admin/consents (admins): accounts waiting for a guardian.
export const pendingConsentResponseSchema = z.object({
  userId: z.number().int(),
  name: z.string(),
  school: z.string(),
  grade: z.number().int(),
  guardianEmail: z.string(),
  requestedAt: z.string(),
  mailsSent: z.number().int(),
  deadline: z.string(),
});
export type PendingConsent = z.infer<typeof pendingConsentResponseSchema>;
