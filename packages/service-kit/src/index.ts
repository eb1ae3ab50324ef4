// Runtime API of @district/service-kit. Test helpers live in '@district/service-kit/testing'.
export * from './config/service-config';
export { SERVICE_CONFIG } from './config/service-config.token';

export * from './bootstrap/create-service-app';
export * from './bootstrap/service-module';
export {
  ServiceKitModule,
  SERVICE_NAME,
  type ServiceKitModuleOptions,
} from './bootstrap/service-kit.module';

export * from './errors/error-body';
export * from './errors/dependency-outage';
export { HttpErrorFilter } from './errors/http-error.filter';

export * from './logging/logger';
export * from './redis/redis';
export { HealthController } from './health/health.controller';

export * from './identity/identity.types';
export * from './identity/identity-token';
export * from './identity/identity.decorators';
export { IdentityGuard } from './identity/identity.guard';
export { RolesGuard } from './identity/roles.guard';
export { IdentityStrategy } from './identity/identity.strategy';

export { ApiValidationPipe, zodValidationException } from './validation/zod-validation';
export { IdParamDto } from './validation/id-param.dto';
export { ReviewStatusDto } from './validation/review-status.dto';
export { zodErrorBody } from './validation/zod-error-body';

export * from './http/accepts-gzip.util';

export * from './database/create-data-source';
export * from './database/cli-data-source';
export * from './database/run-migrations';
export * from './database/with-transaction';
export * from './database/numeric.transformer';
export * from './database/migrate-service';
export { DatabaseModule, type DatabaseModuleOptions } from './database/database.module';

export { OutboxEvent } from './events/outbox-event.entity';
export { ProcessedEvent } from './events/processed-event.entity';
export { CreateEventTables1700000000000 } from './events/create-event-tables.migration';
export { outboxChannel } from './events/event-envelope';
export {
  DEFAULT_EVENT_ROUTING,
  eventTypesFor,
  parseEventPayload,
  type EventRouting,
} from './events/event-routing';
export * from './events/outbox.service';
export * from './events/outbox-relay';
export * from './events/event.processor';
export * from './events/worker-host';
export * from './events/handle-event.decorator';
export { EventsModule, type EventsModuleOptions } from './events/events.module';

export * from './audit';

export * from './users-replica';
export * from './mail';

export * from './export/own-data-export.module';
export * from './metrics';
export * from './tracing';
export * from './i18n';
export * from './list-cache';
export * from './uploads';
export * from './rate-limit';
