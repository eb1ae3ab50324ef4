import { Module } from '@nestjs/common';
import { HourCreditsHandler } from './hour-credits.handler';
import { PasswordHasher } from './password-hasher.service';
import { UsersService } from './users.service';

@Module({
  providers: [UsersService, PasswordHasher, HourCreditsHandler],
  exports: [UsersService, PasswordHasher],
})
export class UsersModule {}
