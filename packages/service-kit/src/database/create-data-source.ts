import type { Pool } from 'pg';
import { DataSource, type DataSourceOptions } from 'typeorm';

export type EntityList = NonNullable<DataSourceOptions['entities']>;
export type MigrationList = NonNullable<DataSourceOptions['migrations']>;
import { OutboxEvent } from '../events/outbox-event.entity';
import { ProcessedEvent } from '../events/processed-event.entity';
import { CreateEventTables1700000000000 } from '../events/create-event-tables.migration';
import { AddOutboxTraceparent1796100000000 } from '../tracing/outbox-traceparent.migration';

export interface DataSourceSettings {
  url: string;
  // The service's own schema (rule 1): auth, volunteer, content, hours.
  schema: string;
  entities?: EntityList;
  migrations?: MigrationList;
  poolSize?: number;
  logging?: boolean;
}

// The outbox and processed_events tables are in every service, so their entities and migration
// are always part of the DataSource (services do not have to remember to list them).
export const SERVICE_KIT_ENTITIES = [OutboxEvent, ProcessedEvent];
export const SERVICE_KIT_MIGRATIONS = [
  CreateEventTables1700000000000,
  AddOutboxTraceparent1796100000000,
];

// TypeORM accepts arrays or objects of classes (e.g. `import * as migrations`).
function toArray<T>(list: readonly T[] | Record<string, T> | undefined): T[] {
  if (!list) return [];
  return Array.isArray(list)
    ? [...(list as readonly T[])]
    : Object.values(list as Record<string, T>);
}

// Options of a service's DataSource: the service's schema, the kit's own tables, no synchronize.
export function dataSourceOptions(settings: DataSourceSettings): DataSourceOptions {
  assertIdentifier(settings.schema);
  return {
    type: 'postgres',
    url: settings.url,
    schema: settings.schema,
    entities: [...SERVICE_KIT_ENTITIES, ...toArray(settings.entities)],
    migrations: [...SERVICE_KIT_MIGRATIONS, ...toArray(settings.migrations)],
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    migrationsRun: false,
    poolSize: settings.poolSize ?? 10,
    logging: settings.logging ?? false,
    // Unqualified raw SQL resolves to the service's schema first.
    extra: { options: `-c search_path=${settings.schema},public` },
  };
}

export function createDataSource(settings: DataSourceSettings): DataSource {
  return new DataSource(dataSourceOptions(settings));
}

export function assertIdentifier(name: string): void {
  if (!/^[a-z_][a-z0-9_]*$/.test(name))
    throw new Error(`Not a plain SQL identifier: ${JSON.stringify(name)}`);
}

// Schema of a DataSource (or of an EntityManager's DataSource), for schema-qualified raw SQL.
export function schemaOf(dataSource: DataSource): string {
  const schema = (dataSource.options as { schema?: string }).schema;
  if (!schema) throw new Error('DataSource has no schema; create it with createDataSource()');
  return schema;
}

// The DataSource's own pg pool, for a hot path's single statement: TypeORM's query() takes a query
// runner per call, which /api/user and the verify batch measurably pay (bench/current-user.ts).
export function poolOf(dataSource: DataSource): Pool {
  return (dataSource.driver as unknown as { master: Pool }).master;
}
