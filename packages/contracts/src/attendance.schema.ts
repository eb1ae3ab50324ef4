import { z } from 'zod';
import { dateTime, messageFor, plainText, routeIdSchema } from './fields';
import { VALIDATION } from './messages';

// Their texts live in a zod-free module the browser's first load can import (issue 22).
export { ATTENDANCE_MESSAGES } from './feature-messages';

// Issue 18: an admin takes attendance from the roster, or a student checks in with the rotating
// code shown at the event; either way an attended sign-up becomes one approved hours entry.

export const ATTENDANCE_METHODS = ['roster', 'check-in'] as const;
export type AttendanceMethod = (typeof ATTENDANCE_METHODS)[number];

// PUT /api/opportunities/{id}/attendance/{userId}
export const attendanceParamSchema = z.object({ id: routeIdSchema, userId: routeIdSchema });
export type AttendanceParam = z.output<typeof attendanceParamSchema>;

export const attendanceInputSchema = z.strictObject({
  attended: z.boolean({ error: VALIDATION.attendedBoolean }),
});
export type AttendanceInput = z.output<typeof attendanceInputSchema>;

// POST /api/opportunities/{id}/check-in
export const checkInInputSchema = z.strictObject({
  code: plainText({ message: VALIDATION.codeRequired, required: VALIDATION.codeRequired })
    .max(6, VALIDATION.checkInCodeDigits)
    .regex(/^\d{6}$/, VALIDATION.checkInCodeDigits),
  // Issue 34: a check-in recorded on the phone while offline and sent later: when the code was
  // scanned (the server checks the code as it was then, within CHECK_IN_MAX_DELAY_HOURS) and the
  // key that makes a second sending of the same check-in count once.
  scannedAt: dateTime().optional(),
  idempotencyKey: plainText({ message: VALIDATION.idempotencyKeyInvalid })
    .max(36, VALIDATION.idempotencyKeyInvalid)
    .pipe(z.uuid({ error: messageFor(VALIDATION.idempotencyKeyInvalid) }))
    .optional(),
});
export type CheckInInput = z.output<typeof checkInInputSchema>;
// How late an offline check-in may still be sent, counted from its scan.
export const CHECK_IN_MAX_DELAY_HOURS = 24;

// One signed-up student on the admin's roster; attended null: not taken yet.
export const rosterEntryResponseSchema = z.object({
  userId: z.number().int(),
  name: z.string(),
  school: z.string(),
  attended: z.boolean().nullable(),
  method: z.enum(ATTENDANCE_METHODS).nullable(),
  recordedAt: z.string().nullable(),
});
export type RosterEntry = z.infer<typeof rosterEntryResponseSchema>;

// Check-in is open from an hour before the event starts until an hour after it ends (issue 18):
// svc-volunteer enforces it; the admin's code tab says when it opens (issue 33.11).
const CHECK_IN_MARGIN_MS = 60 * 60 * 1000;

export function checkInWindow(
  startsAt: Date | string,
  endsAt: Date | string,
): { opensAt: Date; closesAt: Date } {
  return {
    opensAt: new Date(new Date(startsAt).getTime() - CHECK_IN_MARGIN_MS),
    closesAt: new Date(new Date(endsAt).getTime() + CHECK_IN_MARGIN_MS),
  };
}

// GET /api/opportunities/{id}/check-in-code: the current code, the page a QR code points to,
// and when the code rotates (ISO).
export const checkInCodeResponseSchema = z.object({
  code: z.string(),
  url: z.string(),
  expiresAt: z.string(),
  periodSeconds: z.number().int(),
});
export type CheckInCode = z.infer<typeof checkInCodeResponseSchema>;

// The answer to PUT attendance and POST check-in.
export const attendanceRecordResponseSchema = z.object({
  opportunityId: z.number().int(),
  userId: z.number().int(),
  attended: z.boolean(),
  method: z.enum(ATTENDANCE_METHODS),
  recordedAt: z.string(),
});
export type AttendanceRecord = z.infer<typeof attendanceRecordResponseSchema>;

// The page of mf-volunteer a check-in QR code opens.
export const checkInPageUrl = (opportunityId: number, code: string) =>
  `/volunteer/check-in?o=${opportunityId}&c=${encodeURIComponent(code)}`;
