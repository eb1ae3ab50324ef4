import {
  DynamicModule,
  Global,
  Inject,
  Module,
  OnApplicationShutdown,
  Provider,
  type Type,
} from '@nestjs/common';
import { DataSource, type EntitySchema, type ObjectLiteral } from 'typeorm';
import { SERVICE_CONFIG } from '../config/service-config.token';
import type { ServiceConfig } from '../config/service-config';
import { LOGGER, type Logger } from '../logging/logger';
import { createDataSource, type EntityList, type MigrationList } from './create-data-source';
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

export function repositoryToken(entity: Type<ObjectLiteral> | EntitySchema): string {
  const name = typeof entity === 'function' ? entity.name : entity.options.name;
  return `service-kit:repository:${name}`;
}

// `constructor(@InjectRepository(User) private readonly users: Repository<User>)`
export const InjectRepository = (entity: Type<ObjectLiteral> | EntitySchema) =>
  Inject(repositoryToken(entity));

@Global()
@Module({})
export class DatabaseModule implements OnApplicationShutdown {
  constructor(private readonly dataSource: DataSource) {}

  static forRoot(options: DatabaseModuleOptions = {}): DynamicModule {
    const dataSourceProvider: Provider = {
      provide: DataSource,
      inject: [SERVICE_CONFIG, LOGGER],
      useFactory: async (config: ServiceConfig, logger: Logger) => {
        const dataSource = createDataSource({
          url: options.url ?? config.DATABASE_URL,
          schema: options.schema ?? config.DB_SCHEMA,
          entities: options.entities,
          migrations: options.migrations,
          poolSize: options.poolSize,
        });
        await dataSource.initialize();
        if (options.migrateOnStart ?? config.MIGRATE_ON_START) {
          const ran = await runMigrations(dataSource);
          if (ran.length > 0) logger.info({ migrations: ran }, 'migrations applied');
        }
        return dataSource;
      },
    };
    return { module: DatabaseModule, providers: [dataSourceProvider], exports: [DataSource] };
  }

  // Optional sugar: repositories as providers (services may also call dataSource.getRepository).
  static forFeature(entities: Array<Type<ObjectLiteral> | EntitySchema>): DynamicModule {
    const providers: Provider[] = entities.map((entity) => ({
      provide: repositoryToken(entity),
      inject: [DataSource],
      useFactory: (dataSource: DataSource) => dataSource.getRepository(entity),
    }));
    return { module: DatabaseFeatureModule, providers, exports: providers };
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}

@Module({})
class DatabaseFeatureModule {}
