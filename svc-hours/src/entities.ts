import { ServiceHoursLogEntity } from './service-hours/service-hours-log.entity';
import { ServiceRecordEntity } from './service-records/service-record.entity';
import { UserReplicaEntity } from '@district/service-kit';

export const HOURS_ENTITIES = [ServiceHoursLogEntity, ServiceRecordEntity, UserReplicaEntity];
