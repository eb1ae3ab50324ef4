import { Module } from '@nestjs/common';
import { PhotosModule } from '../photos/photos.module';
import { WaitlistPromotionModule } from '../waitlist/waitlist-promotion.module';
import { WaitlistModule } from '../waitlist/waitlist.module';
import { SignupsModule } from '../signups/signups.module';
import { VolunteerUserDeactivation } from './user-deactivation.hook';
import { VolunteerUserDeletion } from './user-deletion.hook';

@Module({
  imports: [WaitlistModule, WaitlistPromotionModule, PhotosModule, SignupsModule],
  providers: [VolunteerUserDeletion, VolunteerUserDeactivation],
})
export class UserDeletionModule {}
