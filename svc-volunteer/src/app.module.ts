import { defineServiceModule } from '@district/service-kit';
import { ArchiveModule } from './archive/archive.module';
import { CalendarFeedEntity } from './calendar/calendar-feed.entity';
import { CalendarModule } from './calendar/calendar.module';
import { AttendanceEntity } from './attendance/attendance.entity';
import { CheckInReceiptEntity } from './attendance/check-in-receipt.entity';
import { AttendanceModule } from './attendance/attendance.module';
import { VOLUNTEER_ENTITIES } from './entities';
import { VOLUNTEER_MIGRATIONS } from './migrations';
import { OpportunitiesModule } from './opportunities/opportunities.module';
import { EventPhotoEntity } from './photos/event-photo.entity';
import { PhotosModule } from './photos/photos.module';
import { SignupEntity } from './signups/signup.entity';
import { SignupsModule } from './signups/signups.module';
import { WaitlistEntryEntity } from './waitlist/waitlist-entry.entity';
import { UserDeletionModule } from './user-deletion/user-deletion.module';
import { VolunteerUserDeactivation } from './user-deletion/user-deactivation.hook';
import { VolunteerUserDeletion } from './user-deletion/user-deletion.hook';
import { WaitlistModule } from './waitlist/waitlist.module';

export const SERVICE = 'svc-volunteer';

// A student's rows, each with the opportunity it belongs to.
const OWN_ROWS = {
  signups: SignupEntity,
  photos: EventPhotoEntity,
  waitlists: WaitlistEntryEntity,
  attendance: AttendanceEntity,
};

export const AppModule = defineServiceModule({
  service: SERVICE,
  database: { entities: VOLUNTEER_ENTITIES, migrations: VOLUNTEER_MIGRATIONS },
  ownData: Object.entries(OWN_ROWS).map(([name, entity]) => ({
    name,
    entity,
    userField: 'userId',
    relations: ['opportunity'],
  })),
  // A deleted user's waitlist places, signups (freeing their spots, via the trigger), photos,
  // attendance and calendar feed go with them; the freed spots go to the next in line, and their
  // uploaded photo files are removed (issue 33).
  usersReplica: {
    deleteWithUser: [
      WaitlistEntryEntity,
      SignupEntity,
      EventPhotoEntity,
      AttendanceEntity,
      CheckInReceiptEntity,
      CalendarFeedEntity,
    ],
    afterDelete: VolunteerUserDeletion,
    // A deactivated student's upcoming places go to the next in line (issue 31).
    afterDeactivate: VolunteerUserDeactivation,
  },
  features: [
    OpportunitiesModule,
    SignupsModule,
    PhotosModule,
    WaitlistModule,
    // Roster, check-in code and check-in (issue 18).
    AttendanceModule,
    ArchiveModule,
    CalendarModule,
    UserDeletionModule,
  ],
});
