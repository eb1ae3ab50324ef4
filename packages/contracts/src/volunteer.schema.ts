import { z } from 'zod';
import { signupResponseSchema } from './opportunities.schema';

// GET /api/opportunities/{id}/signups entries as svc-volunteer sends them: the spec's name and
// school, plus the user id so a card can tell whether the viewer is among them (Withdraw). The
// opportunity list itself is the same for every caller (it is cached), so it has no signedUp.
export const signupEntrySchema = signupResponseSchema.extend({ userId: z.number().int() });
export type SignupEntry = z.infer<typeof signupEntrySchema>;
