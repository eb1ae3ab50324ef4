import { ServiceHoursLogEntity } from './service-hours/service-hours-log.entity';
import { ServiceRecordEntity } from './service-records/service-record.entity';
import { UserReplicaEntity } from '@district/service-kit';
import { HourGoalEntity } from './goals/hour-goal.entity';
import { HourConfirmationEntity } from './hour-confirmations/hour-confirmation.entity';
import { HoursSettingsEntity } from './hour-confirmations/hours-settings.entity';
import { OpportunityReplicaEntity } from './opportunities-replica/opportunity-replica.entity';

export const HOURS_ENTITIES = [
  ServiceHoursLogEntity,
  ServiceRecordEntity,
  UserReplicaEntity,
  HourGoalEntity,
  HourConfirmationEntity,
  HoursSettingsEntity,
  OpportunityReplicaEntity,
];
