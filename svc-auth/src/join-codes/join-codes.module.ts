import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UsersModule } from '../users/users.module';
import { JoinCode } from './join-code.entity';
import { JoinCodesController } from './join-codes.controller';
import { JoinCodesRepository } from './join-codes.repository';
import { JoinCodesService } from './join-codes.service';

// Issue 31: schools' join codes.
@Module({
  imports: [TypeOrmModule.forFeature([JoinCode]), UsersModule],
  controllers: [JoinCodesController],
  providers: [JoinCodesService, JoinCodesRepository],
  // Registration takes a use.
  exports: [JoinCodesService],
})
export class JoinCodesModule {}
