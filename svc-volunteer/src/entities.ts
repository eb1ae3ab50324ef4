import { UserReplicaEntity } from '@district/service-kit';
import { CalendarFeedEntity } from './calendar/calendar-feed.entity';
import { EventPhotoEntity } from './photos/event-photo.entity';
import { OpportunityEntity } from './opportunities/opportunity.entity';
import { SignupEntity } from './signups/signup.entity';

export const VOLUNTEER_ENTITIES = [
  OpportunityEntity,
  SignupEntity,
  EventPhotoEntity,
  UserReplicaEntity,
  CalendarFeedEntity,
];
