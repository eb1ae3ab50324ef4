import { Module, type DynamicModule, type ModuleMetadata, type Type } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import type { AuditModuleOptions } from '../audit/audit.options';
import { DatabaseModule, type DatabaseModuleOptions } from '../database/database.module';
import type { EventRouting } from '../events/event-routing';
import { EventsModule, type EventsModuleOptions } from '../events/events.module';
import { OwnDataExportModule, type OwnDataPart } from '../export/own-data-export.module';
import { MailModule } from '../mail/mail.module';
import type { UsersReplicaOptions } from '../users-replica/users-replica.handler';
import { UsersReplicaModule } from '../users-replica/users-replica.module';

// What tests and benchmarks may tune: `AppModule.forRoot(options = {})` of every service.
export interface AppModuleOptions {
  // Event routing and relay settings (tests point the relay elsewhere).
  events?: EventsModuleOptions;
  // Pool size of the DataSource (svc-volunteer's capacity benchmark).
  poolSize?: number;
}

// A service as docs/architecture.md describes it: the kit's modules, then its feature modules.
export interface ServiceModuleParts {
  service: string;
  database: Pick<DatabaseModuleOptions, 'entities' | 'migrations'>;
  // The event types this service relays and consumes, when not every one (EVENT_CONSUMERS).
  routing?: EventRouting;
  // svc-auth keeps the merged trail (`store: true`); the others publish audit.recorded.
  audit?: AuditModuleOptions;
  // The service sends mail itself (queue mail-<service>).
  mail?: boolean;
  // Issue 20: this service's part of a student's data export (svc-auth assembles it).
  ownData?: OwnDataPart[];
  // The user replica of user.* events, and the rows that go with a deleted user.
  usersReplica?: UsersReplicaOptions;
  features: NonNullable<ModuleMetadata['imports']>;
}

// A service's AppModule: `AppModule.forRoot(options = {})` as production, tests and benchmarks
// start it.
export interface ServiceAppModule extends Type<unknown> {
  forRoot(options?: AppModuleOptions): DynamicModule;
}

// Every service's app.module.ts is `export const AppModule = defineServiceModule({...})`: the
// kit's modules in one order (database, own-data export, events, audit, mail, user replica), then
// the service's features.
export function defineServiceModule(parts: ServiceModuleParts): ServiceAppModule {
  @Module({})
  class AppModule {
    static forRoot(options: AppModuleOptions = {}): DynamicModule {
      const { service } = parts;
      return {
        module: AppModule,
        imports: [
          DatabaseModule.forRoot({ ...parts.database, poolSize: options.poolSize }),
          ...(parts.ownData
            ? [OwnDataExportModule.forRoot({ service, parts: parts.ownData })]
            : []),
          EventsModule.forRoot({
            service,
            ...(parts.routing ? { routing: parts.routing } : {}),
            ...options.events,
          }),
          // Privileged actions go to svc-auth's trail (issues 9, 16).
          AuditModule.forRoot(parts.audit),
          ...(parts.mail ? [MailModule.forRoot({ service })] : []),
          ...(parts.usersReplica ? [UsersReplicaModule.forRoot(parts.usersReplica)] : []),
          ...parts.features,
        ],
      };
    }
  }
  return AppModule;
}
