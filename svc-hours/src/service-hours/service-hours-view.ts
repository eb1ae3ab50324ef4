import type { ServiceHoursLog } from '@district/contracts';
import { UNKNOWN_SCHOOL_NAME, UNKNOWN_USER_NAME } from '@district/service-kit';

// One row of the repository's view: the log joined with the replica for userName and schoolName.
// Numbers and dates arrive as PostgreSQL's text so nothing is rounded or shifted by a time zone.
export interface LogViewRow {
  id: number;
  user_id: number;
  opportunity_id: number | null;
  hours: string;
  description: string;
  date: string;
  status: ServiceHoursLog['status'];
  approved_by: number | null;
  submitted_at: Date;
  user_name: string | null;
  school_name: string | null;
  source: ServiceHoursLog['source'];
  possible_duplicate_of: number | null;
  // hour_confirmations, LEFT JOINed: all null when nobody was asked to confirm (issue 19).
  confirmation_organisation: string | null;
  confirmation_contact_email: string | null;
  confirmation_decision: 'confirmed' | 'declined' | null;
  confirmation_decided_at: Date | null;
  confirmation_comment: string | null;
  confirmation_mails_sent: number | null;
  confirmation_expires_at: Date | null;
  rejection_reason: string | null;
}

export function toServiceHoursLog(row: LogViewRow): ServiceHoursLog {
  return {
    id: row.id,
    userId: row.user_id,
    opportunityId: row.opportunity_id,
    hours: Number(row.hours),
    description: row.description,
    date: row.date,
    status: row.status,
    approvedBy: row.approved_by,
    submittedAt: new Date(row.submitted_at).toISOString(),
    // Empty name: a tombstoned replica row; null: the user's event has not arrived yet.
    userName: row.user_name || UNKNOWN_USER_NAME,
    schoolName: row.school_name || UNKNOWN_SCHOOL_NAME,
    source: row.source,
    possibleDuplicateOf: row.possible_duplicate_of,
    confirmation:
      row.confirmation_organisation === null
        ? null
        : {
            organisation: row.confirmation_organisation,
            contactEmail: row.confirmation_contact_email ?? '',
            decision: row.confirmation_decision,
            decidedAt: row.confirmation_decided_at
              ? new Date(row.confirmation_decided_at).toISOString()
              : null,
            comment: row.confirmation_comment,
            mailsSent: row.confirmation_mails_sent ?? 0,
            expiresAt: new Date(row.confirmation_expires_at ?? 0).toISOString(),
          },
    rejectionReason: row.rejection_reason ?? null,
  };
}
