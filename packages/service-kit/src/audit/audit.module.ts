import { Global, Module, type DynamicModule } from '@nestjs/common';
import { AUDIT_OPTIONS, type AuditModuleOptions } from './audit.options';
import { AuditService } from './audit.service';

@Global()
@Module({})
export class AuditModule {
  static forRoot(options: AuditModuleOptions = {}): DynamicModule {
    return {
      module: AuditModule,
      providers: [{ provide: AUDIT_OPTIONS, useValue: options }, AuditService],
      exports: [AuditService],
    };
  }
}
