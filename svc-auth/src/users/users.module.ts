import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { HourCreditsHandler } from './hour-credits.handler';
import { HourCredit } from './hour-credit.entity';
import { PasswordHasher } from './password-hasher.service';
import { User } from './user.entity';
import { UsersRepository } from './users.repository';

@Module({
  imports: [TypeOrmModule.forFeature([User, HourCredit])],
  providers: [UsersRepository, PasswordHasher, HourCreditsHandler],
  exports: [UsersRepository, PasswordHasher],
})
export class UsersModule {}
