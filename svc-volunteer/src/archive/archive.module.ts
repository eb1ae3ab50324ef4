import { Module } from '@nestjs/common';
import { ArchiveScheduler } from './archive.scheduler';
import { ArchiveService } from './archive.service';

@Module({ providers: [ArchiveService, ArchiveScheduler], exports: [ArchiveService] })
export class ArchiveModule {}
