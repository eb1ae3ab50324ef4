import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OutboxService } from '@district/service-kit';
import { SessionsModule } from '../sessions/sessions.module';
import { UsersModule } from '../users/users.module';
import { RosterPerson } from './roster-person.entity';
import { RosterImportService } from './roster-import.service';
import { RostersController } from './rosters.controller';
import { RostersRepository } from './rosters.repository';

// Issue 31: the district roster (OneRoster 1.1 imports). The registration policy reads it too.
@Module({
  imports: [TypeOrmModule.forFeature([RosterPerson]), UsersModule, SessionsModule],
  controllers: [RostersController],
  providers: [RosterImportService, RostersRepository, OutboxService],
  exports: [RosterImportService, RostersRepository],
})
export class RostersModule {}
