import {
  CreateAuditLog1765000000000,
  MoveAuditLogToOutbox1795600000001,
  ReplicaProfileColumns1796000000000,
  ReplicaActiveColumn1797700000000,
  ReplicaRestrictedColumn1797200000000,
} from '@district/service-kit';
import { CreateVolunteerTables1763800000000 } from './1763800000000-create-volunteer-tables';
import { AlignUsersReplica1795600000000 } from './1795600000000-align-users-replica';
import { OpportunityEndTime1796000000001 } from './1796000000001-opportunity-end-time';
import { WaitlistEntries1796000000100 } from './1796000000100-waitlist-entries';
import { OpportunitySeriesAndCalendarFeeds1797000000000 } from './1797000000000-opportunity-series-and-calendar-feeds';
import { RemindersSent1796100000183 } from './1796100000183-reminders-sent';
import { Attendance1796000000180 } from './1796000000180-attendance';
import { AnnounceOpportunitiesToHours1797500000000 } from './1797500000000-announce-opportunities-to-hours';
import { CheckInReceipts1797400000034 } from './1797400000034-check-in-receipts';

// Listed explicitly (not globbed) so the same list works from TypeScript source and from dist/.
export const VOLUNTEER_MIGRATIONS = [
  CreateVolunteerTables1763800000000,
  // The kit's append-only audit_log (issue 9), whose records now leave through the outbox for
  // svc-auth's merged trail (MoveAuditLogToOutbox, issue 16).
  CreateAuditLog1765000000000,
  // The users replica is the kit's: one table shape in every service (issue 16).
  AlignUsersReplica1795600000000,
  MoveAuditLogToOutbox1795600000001,
  // Grade, directory visibility and language in the replica (issues 19, 20, 22).
  ReplicaProfileColumns1796000000000,
  // Start and end times (issue 18).
  OpportunityEndTime1796000000001,
  // Issue 18: the waitlist (svc-volunteer/src/waitlist).
  WaitlistEntries1796000000100,
  // Attendance: the roster and check-ins (issue 18).
  Attendance1796000000180,
  // Reminders that went out (issue 18).
  RemindersSent1796100000183,
  // Weekly series and private calendar feeds (issue 18).
  OpportunitySeriesAndCalendarFeeds1797000000000,
  // Issue 20: the replica's `restricted` (waiting for a guardian's consent).
  ReplicaRestrictedColumn1797200000000,
  // Issue 34: idempotency keys of check-ins sent after an offline scan.
  CheckInReceipts1797400000034,
  // Issue 29: every existing opportunity to svc-hours' replica (opportunity.updated events).
  AnnounceOpportunitiesToHours1797500000000,
  // Issue 31: the replica's `active` (a roster import deactivated them: hidden from every list).
  ReplicaActiveColumn1797700000000,
];
