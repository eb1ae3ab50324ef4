import { Module } from '@nestjs/common';
import { AuditController } from './audit.controller';
import { MergedAuditService } from './merged-audit.service';

@Module({
  controllers: [AuditController],
  providers: [MergedAuditService],
})
export class AuditViewModule {}
