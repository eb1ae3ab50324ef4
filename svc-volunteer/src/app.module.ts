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
import { VOLUNTEER_ENTITIES } from './entities';
import { VOLUNTEER_MIGRATIONS } from './migrations';
import { OpportunitiesModule } from './opportunities/opportunities.module';
import { EventPhotoEntity } from './photos/event-photo.entity';
import { PhotosModule } from './photos/photos.module';
import { SignupEntity } from './signups/signup.entity';
import { SignupsModule } from './signups/signups.module';

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
          ],
        }),
        EventsModule.forRoot({ service: SERVICE, ...options.events }),
        // Privileged actions go to svc-auth's trail as audit.recorded events (issues 9, 16).
        AuditModule.forRoot(),
        OpportunitiesModule,
        SignupsModule,
        PhotosModule,
        // A deleted user's signups (freeing their spots, via the trigger) and photos go with them.
        UsersReplicaModule.forRoot({
          deleteWithUser: [SignupEntity, EventPhotoEntity, CalendarFeedEntity],
        }),
        ArchiveModule,
        CalendarModule,
      ],
    };
  }
}
