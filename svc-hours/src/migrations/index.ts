import {
  CreateAuditLog1765000000000,
  MoveAuditLogToOutbox1795600000001,
  ReplicaProfileColumns1796000000000,
  ReplicaActiveColumn1797700000000,
  ReplicaRestrictedColumn1797200000000,
} from '@district/service-kit';
import { CreateHoursTables1763900000000 } from './1763900000000-create-hours-tables';
import { AlignUsersReplica1795600000000 } from './1795600000000-align-users-replica';
import { AttendanceHours1796000000100 } from './1796000000100-attendance-hours';
import { CreateHourGoals1796100000000 } from './1796100000000-create-hour-goals';
import { CreateServiceRecords1796100000000 } from './1796100000000-create-service-records';
import { HourConfirmations1796200000000 } from './1796200000000-hour-confirmations';
import { TextsLanguage1797300000000 } from './1797300000000-texts-language';
import { OpportunitiesReplica1797500000000 } from './1797500000000-opportunities-replica';
import { RejectionReason1798000000000 } from './1798000000000-rejection-reason';

// Listed explicitly (not globbed) so the same list works from TypeScript source and from dist/.
export const HOURS_MIGRATIONS = [
  CreateHoursTables1763900000000,
  // The kit's append-only audit_log (issue 9), whose records now leave through the outbox for
  // svc-auth's merged trail (MoveAuditLogToOutbox, issue 16).
  CreateAuditLog1765000000000,
  // The users replica is the kit's: one table shape in every service (issue 16).
  AlignUsersReplica1795600000000,
  MoveAuditLogToOutbox1795600000001,
  // Grade, directory visibility and language in the replica (issues 19, 20, 22).
  ReplicaProfileColumns1796000000000,
  // Issue 18: entries made from attendance (source, one per user and opportunity).
  AttendanceHours1796000000100,
  // Hour requirements per grade and school (issue 19).
  CreateHourGoals1796100000000,
  // Official service records (issue 19).
  CreateServiceRecords1796100000000,
  // Verification by the organisation and the hours settings row (issue 19).
  HourConfirmations1796200000000,
  // Issue 20: the replica's `restricted` (waiting for a guardian's consent).
  ReplicaRestrictedColumn1797200000000,
  // Issue 22: the language of confirmation mails and issued records.
  TextsLanguage1797300000000,
  // Issue 29: the opportunities an hours entry may name (svc-volunteer's events).
  OpportunitiesReplica1797500000000,
  // Issue 31: the replica's `active` (a roster import deactivated them: hidden from every list).
  ReplicaActiveColumn1797700000000,
  // Issue 33: the reason of a rejection.
  RejectionReason1798000000000,
];
