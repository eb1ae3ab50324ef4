import { UserReplicaEntity } from '@district/service-kit';
import { CalendarFeedEntity } from './calendar/calendar-feed.entity';
import { AttendanceEntity } from './attendance/attendance.entity';
import { CheckInReceiptEntity } from './attendance/check-in-receipt.entity';
import { EventPhotoEntity } from './photos/event-photo.entity';
import { OpportunityEntity } from './opportunities/opportunity.entity';
import { ReminderSentEntity } from './reminders/reminder-sent.entity';
import { SignupEntity } from './signups/signup.entity';
import { WaitlistEntryEntity } from './waitlist/waitlist-entry.entity';

export const VOLUNTEER_ENTITIES = [
  OpportunityEntity,
  SignupEntity,
  WaitlistEntryEntity,
  EventPhotoEntity,
  UserReplicaEntity,
  CalendarFeedEntity,
  ReminderSentEntity,
  AttendanceEntity,
  CheckInReceiptEntity,
];
