import { Module, type DynamicModule } from '@nestjs/common';
import {
  AuditModule,
  DatabaseModule,
  EventsModule,
  UsersReplicaModule,
  type EventsModuleOptions,
  OwnDataExportModule,
} from '@district/service-kit';
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
import { WaitlistUserDeletion } from './waitlist/waitlist.handler';
import { WaitlistModule } from './waitlist/waitlist.module';

export const SERVICE = 'svc-volunteer';

export interface AppModuleOptions {
  events?: EventsModuleOptions;
  // Pool size of the DataSource; the capacity race is bounded by it, not by correctness.
  poolSize?: number;
}

@Module({})
export class AppModule {
  static forRoot(options: AppModuleOptions = {}): DynamicModule {
    return {
      module: AppModule,
      imports: [
        DatabaseModule.forRoot({
          entities: VOLUNTEER_ENTITIES,
          migrations: VOLUNTEER_MIGRATIONS,
          poolSize: options.poolSize,
        }),
        // Issue 20: this service's part of a student's data export (svc-auth assembles it).
        OwnDataExportModule.forRoot({
          service: 'svc-volunteer',
          parts: [
            {
              name: 'signups',
              entity: SignupEntity,
              userField: 'userId',
              relations: ['opportunity'],
            },
            {
              name: 'photos',
              entity: EventPhotoEntity,
              userField: 'userId',
              relations: ['opportunity'],
            },
            {
              name: 'waitlists',
              entity: WaitlistEntryEntity,
              userField: 'userId',
              relations: ['opportunity'],
            },
            {
              name: 'attendance',
              entity: AttendanceEntity,
              userField: 'userId',
              relations: ['opportunity'],
            },
          ],
        }),
        EventsModule.forRoot({ service: SERVICE, ...options.events }),
        // Privileged actions go to svc-auth's trail as audit.recorded events (issues 9, 16).
        AuditModule.forRoot(),
        OpportunitiesModule,
        SignupsModule,
        PhotosModule,
        WaitlistModule,
        // Roster, check-in code and check-in (issue 18).
        AttendanceModule,
        // A deleted user's waitlist places, signups (freeing their spots, via the trigger), photos,
        // attendance and calendar feed go with them; the freed spots go to the next in line.
        UsersReplicaModule.forRoot({
          deleteWithUser: [
            WaitlistEntryEntity,
            SignupEntity,
            EventPhotoEntity,
            AttendanceEntity,
            CheckInReceiptEntity,
            CalendarFeedEntity,
          ],
          afterDelete: WaitlistUserDeletion,
        }),
        ArchiveModule,
        CalendarModule,
      ],
    };
  }
}
