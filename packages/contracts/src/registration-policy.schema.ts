import { z } from 'zod';
import { plainText } from './fields';
import { REGISTRATION_MESSAGES } from './feature-messages';
import { CONSENT_MODES } from './consent.schema';

// Their texts live in a zod-free module the browser's first load can import (issue 22).
export { REGISTRATION_MESSAGES } from './feature-messages';

// Issue 31 "Who may join": the district's registration policy (a field of the privacy settings).
// open: SPEC registration as written; roster: only people on the district roster; joinCode: a
// school's code; districtSignIn: no password registration for students.
export const REGISTRATION_POLICIES = ['open', 'roster', 'joinCode', 'districtSignIn'] as const;
export type RegistrationPolicy = (typeof REGISTRATION_POLICIES)[number];

export const JOIN_CODE_TEXT_MAX = 32;

// What a student types: letters and digits, spaces and dashes ignored, any case.
export const joinCodeSchema = plainText({ message: REGISTRATION_MESSAGES.joinCodeRequired })
  .min(1, REGISTRATION_MESSAGES.joinCodeRequired)
  .max(JOIN_CODE_TEXT_MAX, REGISTRATION_MESSAGES.joinCodeInvalid);

// The one spelling codes are stored and compared in.
export const normalizeJoinCode = (code: string): string =>
  code.replace(/[\s-]+/g, '').toUpperCase();

// GET /api/register/options (public): what the Register form asks for.
export const registerOptionsResponseSchema = z.object({
  consentMode: z.enum(CONSENT_MODES),
  registrationPolicy: z.enum(REGISTRATION_POLICIES),
});
export type RegisterOptions = z.infer<typeof registerOptionsResponseSchema>;
