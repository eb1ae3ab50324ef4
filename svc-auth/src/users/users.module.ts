import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { HourCreditsHandler } from './hour-credits.handler';
import { HourCredit } from './hour-credit.entity';
import { PasswordHasher } from './password-hasher.service';
import { User } from './user.entity';
import { UserRefs } from './user-ref';
import { UsersRepository } from './users.repository';

@Module({
  imports: [TypeOrmModule.forFeature([User, HourCredit])],
  providers: [UsersRepository, PasswordHasher, HourCreditsHandler, UserRefs],
  exports: [UsersRepository, PasswordHasher, UserRefs],
})
export class UsersModule {}
