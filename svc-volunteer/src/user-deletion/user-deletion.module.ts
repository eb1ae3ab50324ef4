import { Module } from '@nestjs/common';
import { PhotosModule } from '../photos/photos.module';
import { WaitlistModule } from '../waitlist/waitlist.module';
import { VolunteerUserDeletion } from './user-deletion.hook';

@Module({
  imports: [WaitlistModule, PhotosModule],
  providers: [VolunteerUserDeletion],
})
export class UserDeletionModule {}
