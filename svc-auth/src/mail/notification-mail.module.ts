import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { NotificationMailHandler } from './notification-mail.handler';

@Module({
  imports: [UsersModule],
  providers: [NotificationMailHandler],
})
export class NotificationMailModule {}
