import { z } from 'zod';
import { signupResponseSchema } from './opportunities.schema';

// GET /api/opportunities/{id}/signups entries as svc-volunteer sends them: the spec's name and
// school, plus `mine` on the viewer's own entry so a card can offer Withdraw. Other users' ids
// are never sent (issue 15.9: peers get only what the screen shows). The opportunity list itself
// is the same for every caller (it is cached), so it has no signedUp.
export const signupEntrySchema = signupResponseSchema.extend({
  mine: z.boolean(),
  // Issue 20: admins and supervisors see the name of a student who hid themselves, marked.
  hidden: z.boolean().optional(),
  // Issue 33: to other students a student who hid themselves is anonymous (the name is the English
  // "A student" for API clients; screens say it in their own language).
  anonymous: z.literal(true).optional(),
});
export type SignupEntry = z.infer<typeof signupEntrySchema>;
