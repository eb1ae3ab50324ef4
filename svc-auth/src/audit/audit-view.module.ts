import { Module } from '@nestjs/common';
import { AuditEventsHandler } from './audit-events.handler';
import { AuditController } from './audit.controller';
import { AuditViewService } from './audit-view.service';

@Module({
  controllers: [AuditController],
  providers: [AuditViewService, AuditEventsHandler],
})
export class AuditViewModule {}
