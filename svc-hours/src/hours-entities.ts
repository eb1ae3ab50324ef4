import { ServiceHoursLogEntity } from './service-hours/service-hours-log.entity';
import { UserReplicaEntity } from './users-replica/user-replica.entity';

export const HOURS_ENTITIES = [ServiceHoursLogEntity, UserReplicaEntity];
