import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OpportunityEntity } from '../opportunities/opportunity.entity';
import { ArchiveRepository } from './archive.repository';
import { ARCHIVE_QUEUE, ArchiveScheduler } from './archive.scheduler';
import { ArchiveService } from './archive.service';

@Module({
  imports: [
    TypeOrmModule.forFeature([OpportunityEntity]),
    BullModule.registerQueue({ name: ARCHIVE_QUEUE }),
  ],
  providers: [ArchiveService, ArchiveRepository, ArchiveScheduler],
  exports: [ArchiveService],
})
export class ArchiveModule {}
