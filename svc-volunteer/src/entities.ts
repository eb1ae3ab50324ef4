import { UserReplicaEntity } from '@district/service-kit';
import { EventPhotoEntity } from './photos/event-photo.entity';
import { OpportunityEntity } from './opportunities/opportunity.entity';
import { ReminderSentEntity } from './reminders/reminder-sent.entity';
import { SignupEntity } from './signups/signup.entity';

export const VOLUNTEER_ENTITIES = [
  OpportunityEntity,
  SignupEntity,
  EventPhotoEntity,
  UserReplicaEntity,
  ReminderSentEntity,
];
