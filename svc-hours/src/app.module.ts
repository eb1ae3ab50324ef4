import { defineServiceModule } from '@district/service-kit';
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

// Relay for hours.approved; consumer of user.* (the replica).
export const AppModule = defineServiceModule({
  service: SERVICE,
  database: { entities: HOURS_ENTITIES, migrations: HOURS_MIGRATIONS },
  ownData: [
    { name: 'serviceHours', entity: ServiceHoursLogEntity, userField: 'userId' },
    {
      name: 'serviceRecords',
      entity: ServiceRecordEntity,
      userField: 'userId',
      omit: ['pdf'],
    },
  ],
  // Issue 19: the organisation's confirmation mail (queue mail-svc-hours).
  mail: true,
  // A deleted user's hour logs go with them (DESIGN.md "Account deletion").
  usersReplica: { deleteWithUser: [ServiceHoursLogEntity, ServiceRecordEntity] },
  features: [
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
  ],
});
