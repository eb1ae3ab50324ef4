import { Module } from '@nestjs/common';
import { AvatarsModule } from '../avatars/avatars.module';
import { SessionsModule } from '../sessions/sessions.module';
import { UsersModule } from '../users/users.module';
import { AdminUsersController } from './admin-users.controller';
import { AdminUsersService } from './admin-users.service';

@Module({
  imports: [UsersModule, SessionsModule, AvatarsModule],
  controllers: [AdminUsersController],
  providers: [AdminUsersService],
  // Issue 20: a student's own deletion takes the same path.
  exports: [AdminUsersService],
})
export class AdminUsersModule {}
