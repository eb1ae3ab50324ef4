import { ServiceHoursLogEntity } from './service-hours/service-hours-log.entity';
import { UserReplicaEntity } from '@district/service-kit';

export const HOURS_ENTITIES = [ServiceHoursLogEntity, UserReplicaEntity];
