import { Global, Module, type DynamicModule } from '@nestjs/common';
import { AuditService } from './audit.service';
import { InternalAuditController } from './internal-audit.controller';

export interface AuditModuleOptions {
  // Mount GET /internal/audit (default true). The service must also list CreateAuditLog1765000000000.
  internalEndpoint?: boolean;
}

@Global()
@Module({})
export class AuditModule {
  static forRoot(options: AuditModuleOptions = {}): DynamicModule {
    return {
      module: AuditModule,
      controllers: options.internalEndpoint === false ? [] : [InternalAuditController],
      providers: [AuditService],
      exports: [AuditService],
    };
  }
}
