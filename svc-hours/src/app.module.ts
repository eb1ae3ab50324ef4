import { Module, type DynamicModule } from '@nestjs/common';
import {
  AuditModule,
  DatabaseModule,
  EventsModule,
  MailModule,
  UsersReplicaModule,
  OwnDataExportModule,
  type EventsModuleOptions,
} from '@district/service-kit';
import { AttendanceHoursModule } from './attendance-hours/attendance-hours.module';
import { OpportunitiesReplicaModule } from './opportunities-replica/opportunities-replica.module';
import { HOURS_ENTITIES } from './entities';
import { HOURS_MIGRATIONS } from './migrations';
import { ServiceHoursLogEntity } from './service-hours/service-hours-log.entity';
import { ServiceHoursModule } from './service-hours/service-hours.module';
import { GoalsModule } from './goals/goals.module';
import { ExportsModule } from './exports/exports.module';
import { ReportsModule } from './reports/reports.module';
import { ServiceRecordEntity } from './service-records/service-record.entity';
import { ServiceRecordsModule } from './service-records/service-records.module';

export const SERVICE = 'svc-hours';

// The one module shape of every service (issue 30): tests and benchmarks tune only these.
export interface AppModuleOptions {
  events?: EventsModuleOptions;
}

@Module({})
export class AppModule {
  static forRoot(options: AppModuleOptions = {}): DynamicModule {
    return {
      module: AppModule,
      imports: [
        DatabaseModule.forRoot({ entities: HOURS_ENTITIES, migrations: HOURS_MIGRATIONS }),
        // Issue 20: this service's part of a student's data export (svc-auth assembles it).
        OwnDataExportModule.forRoot({
          service: 'svc-hours',
          parts: [
            { name: 'serviceHours', entity: ServiceHoursLogEntity, userField: 'userId' },
            {
              name: 'serviceRecords',
              entity: ServiceRecordEntity,
              userField: 'userId',
              omit: ['pdf'],
            },
          ],
        }),
        // Relay for hours.approved; consumer of user.* (the replica).
        EventsModule.forRoot({ service: SERVICE, ...options.events }),
        // Privileged actions go to svc-auth's trail as audit.recorded events (issues 9, 16).
        AuditModule.forRoot(),
        // Issue 19: the organisation's confirmation mail (queue mail-svc-hours).
        MailModule.forRoot({ service: SERVICE }),
        ServiceHoursModule,
        // attendance.recorded from svc-volunteer becomes approved hours (issue 18).
        AttendanceHoursModule,
        // Issue 29: opportunity.* from svc-volunteer: the opportunities an entry may name.
        OpportunitiesReplicaModule,
        // Issue 19: hour goals and progress, the CSV export, the admins' reports.
        GoalsModule,
        ExportsModule,
        ReportsModule,
        // Official service records: signed snapshots, PDFs, public verification (issue 19).
        ServiceRecordsModule,
        // A deleted user's hour logs go with them (DESIGN.md "Account deletion").
        UsersReplicaModule.forRoot({
          deleteWithUser: [ServiceHoursLogEntity, ServiceRecordEntity],
        }),
      ],
    };
  }
}
