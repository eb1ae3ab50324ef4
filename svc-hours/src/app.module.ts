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
    // audit_log writer and admin-only GET /internal/audit for svc-auth's merge (issue 9).
    AuditModule.forRoot(),
    ServiceHoursModule,
    UsersReplicaModule,
  ],
})
export class AppModule {}
