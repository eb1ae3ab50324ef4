import type { DynamicModule } from '@nestjs/common';
import { TypeOrmModule, type TypeOrmModuleOptions } from '@nestjs/typeorm';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { SERVICE_CONFIG } from '../config/service-config.token';
import type { ServiceConfig } from '../config/service-config';
import { LOGGER, type Logger } from '../logging/logger';
import { dataSourceOptions, type EntityList, type MigrationList } from './create-data-source';
import { runMigrations } from './run-migrations';

export interface DatabaseModuleOptions {
  entities?: EntityList;
  migrations?: MigrationList;
  // Defaults come from the service config: DATABASE_URL, DB_SCHEMA, MIGRATE_ON_START.
  url?: string;
  schema?: string;
  migrateOnStart?: boolean;
  poolSize?: number;
}

// The service's TypeORM root: `TypeOrmModule.forRootAsync` with the service's schema, pool and
// migrations. Feature modules use `TypeOrmModule.forFeature([...])` and `@InjectRepository(...)`
// from @nestjs/typeorm as usual.
export const DatabaseModule = {
  forRoot(options: DatabaseModuleOptions = {}): DynamicModule {
    // dataSourceFactory gets no injection: the factory below leaves it what it needs.
    const startup: { migrate: boolean; logger?: Logger } = { migrate: false };
    return TypeOrmModule.forRootAsync({
      inject: [SERVICE_CONFIG, LOGGER],
      useFactory: (config: ServiceConfig, logger: Logger): TypeOrmModuleOptions => {
        startup.migrate = options.migrateOnStart ?? config.MIGRATE_ON_START;
        startup.logger = logger;
        return {
          ...dataSourceOptions({
            url: options.url ?? config.DATABASE_URL,
            schema: options.schema ?? config.DB_SCHEMA,
            entities: options.entities,
            migrations: options.migrations,
            poolSize: options.poolSize,
          }),
          // A database that is down at start is the supervisor's to retry (with backoff), as
          // before: the process exits instead of retrying silently for half a minute.
          retryAttempts: 0,
        };
      },
      dataSourceFactory: async (settings?: DataSourceOptions) => {
        const dataSource = await new DataSource(settings!).initialize();
        if (startup.migrate) {
          const ran = await runMigrations(dataSource);
          if (ran.length > 0) startup.logger?.info({ migrations: ran }, 'migrations applied');
        }
        return dataSource;
      },
    });
  },
};
