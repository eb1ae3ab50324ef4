import { z } from 'zod';
import { messageFor, plainText } from './fields';
import { REGISTRATION_MESSAGES } from './feature-messages';
import { schoolSchema } from './users.schema';

export const JOIN_CODE_USES_MAX = 10_000;
export const JOIN_CODE_DAYS_MAX = 366;

// POST /api/admin/join-codes (supervisors for their own school, admins for any).
export const createJoinCodeSchema = z.strictObject({
  school: schoolSchema,
  uses: z
    .number({ error: messageFor(REGISTRATION_MESSAGES.usesRange) })
    .int(REGISTRATION_MESSAGES.usesRange)
    .min(1, REGISTRATION_MESSAGES.usesRange)
    .max(JOIN_CODE_USES_MAX, REGISTRATION_MESSAGES.usesRange),
  // When the code stops working: a moment with its offset (the form sends the end of the chosen
  // day in the browser's zone), in the future and within a year.
  expiresAt: plainText({ message: REGISTRATION_MESSAGES.expiresAtInvalid })
    .max(40, REGISTRATION_MESSAGES.expiresAtInvalid)
    .pipe(z.iso.datetime({ offset: true, error: REGISTRATION_MESSAGES.expiresAtInvalid }))
    .refine((text) => {
      const at = new Date(text).getTime();
      return at > Date.now() && at < Date.now() + JOIN_CODE_DAYS_MAX * 86_400_000;
    }, REGISTRATION_MESSAGES.expiresAtInvalid),
});
export type CreateJoinCodeInput = z.output<typeof createJoinCodeSchema>;

export const joinCodeCreatedResponseSchema = z.object({ id: z.number().int(), code: z.string() });

// GET /api/admin/join-codes: newest first.
export const joinCodeResponseSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  school: z.string(),
  uses: z.number().int(),
  used: z.number().int(),
  expiresAt: z.string(),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
  // Usable now: not revoked, not expired, uses left.
  active: z.boolean(),
});
export type JoinCodeView = z.infer<typeof joinCodeResponseSchema>;
