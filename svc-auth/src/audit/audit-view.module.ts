import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { AuditEventsHandler } from './audit-events.handler';
import { AuditController } from './audit.controller';
import { AuditViewService } from './audit-view.service';

@Module({
  imports: [UsersModule],
  controllers: [AuditController],
  providers: [AuditViewService, AuditEventsHandler],
})
export class AuditViewModule {}
