import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OpportunityEntity } from '../opportunities/opportunity.entity';
import { ArchiveRepository } from './archive.repository';
import { ARCHIVE_QUEUE, ArchiveProcessor } from './archive.processor';
import { ArchiveService } from './archive.service';

@Module({
  imports: [
    TypeOrmModule.forFeature([OpportunityEntity]),
    BullModule.registerQueue({ name: ARCHIVE_QUEUE }),
  ],
  providers: [ArchiveService, ArchiveRepository, ArchiveProcessor],
  exports: [ArchiveService],
})
export class ArchiveModule {}
