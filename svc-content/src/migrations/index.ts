import {
  CreateAuditLog1765000000000,
  MoveAuditLogToOutbox1795600000001,
  ReplicaProfileColumns1796000000000,
  ReplicaActiveColumn1797700000000,
  ReplicaRestrictedColumn1797200000000,
} from '@district/service-kit';
import { CreateContentTables1764000000000 } from './1764000000000-create-content-tables';
import { CreateNotificationTables1764600000000 } from './1764600000000-create-notification-tables';
import { AlignUsersReplica1795600000000 } from './1795600000000-align-users-replica';
import { PersonalNotifications1796000000100 } from './1796000000100-personal-notifications';
import { NotificationMessage1797400000100 } from './1797400000100-notification-message';
import { NotificationTrace1797500000100 } from './1797500000100-notification-trace';

// Listed explicitly (not globbed) so the same list works from TypeScript source and from dist/.
export const CONTENT_MIGRATIONS = [
  CreateContentTables1764000000000,
  CreateNotificationTables1764600000000,
  // The kit's append-only audit_log (issue 9), whose records now leave through the outbox for
  // svc-auth's merged trail (MoveAuditLogToOutbox, issue 16).
  CreateAuditLog1765000000000,
  // The users replica is the kit's: one table shape in every service (issue 16).
  AlignUsersReplica1795600000000,
  MoveAuditLogToOutbox1795600000001,
  // Grade, directory visibility and language in the replica (issues 19, 20, 22).
  ReplicaProfileColumns1796000000000,
  // Issue 18: personal notification items (recipient_id), toasts for one user only.
  PersonalNotifications1796000000100,
  // Issue 20: the replica's `restricted` (waiting for a guardian's consent).
  ReplicaRestrictedColumn1797200000000,
  // Issue 22: personal items keep their catalogue entry (shown in each user's language).
  NotificationMessage1797400000100,
  // Issue 21: the trace id travels with the item to the browser.
  NotificationTrace1797500000100,
  // Issue 31: the replica's `active` (a roster import deactivated them: hidden from every list).
  ReplicaActiveColumn1797700000000,
];
