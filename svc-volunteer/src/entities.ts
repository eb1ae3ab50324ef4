import { EventPhotoEntity } from './photos/event-photo.entity';
import { OpportunityEntity } from './opportunities/opportunity.entity';
import { SignupEntity } from './signups/signup.entity';
import { UserReplicaEntity } from './users-replica/user-replica.entity';

export const VOLUNTEER_ENTITIES = [
  OpportunityEntity,
  SignupEntity,
  EventPhotoEntity,
  UserReplicaEntity,
];
