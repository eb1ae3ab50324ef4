import { Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { ARCHIVE_QUEUE, ArchiveScheduler } from './archive.scheduler';
import { ArchiveService } from './archive.service';

@Module({
  imports: [BullModule.registerQueue({ name: ARCHIVE_QUEUE })],
  providers: [ArchiveService, ArchiveScheduler],
  exports: [ArchiveService],
})
export class ArchiveModule {}
