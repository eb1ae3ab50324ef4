import { Module } from '@nestjs/common';
import { BackupController } from './backup.controller';
import { BackupRepository } from './backup.repository';
import { BackupService } from './backup.service';

@Module({
  controllers: [BackupController],
  providers: [BackupService, BackupRepository],
})
export class BackupModule {}
