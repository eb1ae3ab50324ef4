import { Module } from '@nestjs/common';
import { AuditModule, DatabaseModule, EventsModule } from '@district/service-kit';
import { HOURS_ENTITIES } from './hours-entities';
import { HOURS_MIGRATIONS } from './migrations';
import { ServiceHoursModule } from './service-hours/service-hours.module';
import { UsersReplicaModule } from './users-replica/users-replica.module';

export const SERVICE = 'svc-hours';

@Module({
  imports: [
    DatabaseModule.forRoot({ entities: HOURS_ENTITIES, migrations: HOURS_MIGRATIONS }),
    // Relay for hours.approved; consumer of user.* (the replica).
    EventsModule.forRoot({ service: SERVICE }),
    // Privileged actions go to svc-auth's trail as audit.recorded events (issues 9, 16).
    AuditModule.forRoot(),
    ServiceHoursModule,
    UsersReplicaModule,
  ],
})
export class AppModule {}
