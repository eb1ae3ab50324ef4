import { z } from 'zod';
import { coercedNumber, dayOrDateTime, plainText } from './fields';
import { paginationQuerySchema } from './pagination';

// Privileged actions recorded by the service that performs them (issue 9).
export const AUDIT_ACTIONS = [
  'user.roles.change',
  'user.school.change',
  'user.delete',
  // Issue 20: a student deleting their own account; an admin changing the privacy policy.
  'user.delete.self',
  'privacy.settings.change',
  // Issue 20: a guardian's answer to the consent link; the 30-day deletion; an admin's resend.
  'consent.grant',
  'consent.refuse',
  'consent.expire',
  'consent.resend',
  'users.backup',
  // Issue 31: an account linked to the district's provider; an account made by district sign-in.
  'user.district-link',
  'user.district-create',
  // Issue 31: the owner of the mailbox took over an account someone made with their address
  // (e-mailed link): linked to their district account, password removed, sessions ended.
  'user.district-claim',
  'opportunity.create',
  'opportunity.update',
  'opportunity.archive',
  'opportunity.reopen',
  'opportunity.delete',
  // Issue 18: an admin's roster mark, a student's own check-in with the event's code.
  'attendance.mark',
  'attendance.check-in',
  'photo.approve',
  'photo.reject',
  'blog.approve',
  'blog.reject',
  'hours.approve',
  'hours.reject',
  // Issue 33: a supervisor's undo (back to pending); the student's corrected entry sent again.
  'hours.reopen',
  'hours.resubmit',
  'hour-goals.update',
  'record.issue',
  // Issue 19: an organisation's contact confirmed or declined an entry; an admin changed the rule.
  'hours.confirm',
  'hours-settings.update',
  // Issue 31: a school's join code created or revoked; a roster import applied.
  'join-code.create',
  'join-code.revoke',
  'roster.import',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_OUTCOMES = ['success', 'failure'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

export const auditRecordSchema = z.object({
  id: z.string(),
  // Producing service, e.g. "svc-auth".
  service: z.string(),
  // null: the system or an operator command, not a signed-in user.
  actorId: z.number().int().nullable(),
  actorName: z.string().nullable().optional(),
  action: z.enum(AUDIT_ACTIONS),
  // What was acted on, e.g. "user:12", "opportunity:4".
  target: z.string(),
  outcome: z.enum(AUDIT_OUTCOMES),
  // Failure reason or a short summary of the change.
  detail: z.string().nullable().optional(),
  // The structured detail the summary is made from ({ from, to } or { reason, status }).
  data: z.record(z.string(), z.unknown()).nullable(),
  at: z.string(),
});
export type AuditRecord = z.infer<typeof auditRecordSchema>;

// GET /api/audit?page=&pageSize=&actor=&action=&from=&to=
const emptyToAbsent = (value: unknown) => (value === '' ? undefined : value);

export const auditQuerySchema = paginationQuerySchema.extend({
  actor: coercedNumber(z.number().int().positive().optional()),
  action: z.enum(AUDIT_ACTIONS).optional(),
  // A day or an instant; an empty filter (`?to=`) is no filter.
  from: z.preprocess(emptyToAbsent, dayOrDateTime().optional()),
  to: z.preprocess(emptyToAbsent, dayOrDateTime().optional()),
});
export type AuditQuery = z.output<typeof auditQuerySchema>;

// GET /api/audit as served: the contract's filters plus an opaque keyset cursor (the previous
// page's nextCursor). svc-auth adds the check that the cursor decodes.
export const auditCursorSchema = plainText().max(300).optional();
export const auditListQuerySchema = auditQuerySchema.extend({ cursor: auditCursorSchema });
