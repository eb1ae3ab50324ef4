import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SessionsModule } from '../sessions/sessions.module';
import { UsersModule } from '../users/users.module';
import { PasswordResetToken } from './password-reset-token.entity';
import { PasswordResetController } from './password-reset.controller';
import { PasswordResetRepository } from './password-reset.repository';
import { PasswordResetService } from './password-reset.service';

@Module({
  imports: [TypeOrmModule.forFeature([PasswordResetToken]), UsersModule, SessionsModule],
  controllers: [PasswordResetController],
  providers: [PasswordResetService, PasswordResetRepository],
})
export class PasswordResetModule {}
