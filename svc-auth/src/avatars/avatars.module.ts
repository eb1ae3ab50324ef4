import { Module } from '@nestjs/common';
import { OutboxService } from '@district/service-kit';
import { UsersModule } from '../users/users.module';
import { AvatarStorage, avatarStorageProvider } from './avatar-storage.service';
import { AvatarsController } from './avatars.controller';
import { AvatarsService } from './avatars.service';

@Module({
  imports: [UsersModule],
  controllers: [AvatarsController],
  providers: [AvatarsService, avatarStorageProvider, OutboxService],
  exports: [AvatarStorage],
})
export class AvatarsModule {}
