import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OpportunityEntity } from '../opportunities/opportunity.entity';
import { ArchiveRepository } from './archive.repository';
import { ArchiveScheduler } from './archive.scheduler';
import { ArchiveService } from './archive.service';

@Module({
  imports: [TypeOrmModule.forFeature([OpportunityEntity])],
  providers: [ArchiveService, ArchiveRepository, ArchiveScheduler],
  exports: [ArchiveService],
})
export class ArchiveModule {}
