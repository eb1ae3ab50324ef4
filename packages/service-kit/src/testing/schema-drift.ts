import type { DataSource } from 'typeorm';
import {
  createDataSource,
  type EntityList,
  type MigrationList,
} from '../database/create-data-source';
import { runMigrations } from '../database/run-migrations';
import { createTestDatabase } from './test-database';

// Entities are the schema's source of truth (issue 16.2): after every migration has run, TypeORM's
// schema builder must find nothing to change. Returns the SQL it would run (empty when in step);
// a non-empty list is what `npm run migration:generate` would put in a new migration.
export async function schemaDrift(dataSource: DataSource): Promise<string[]> {
  const sql = await dataSource.driver.createSchemaBuilder().log();
  return sql.upQueries.map((query) => query.query);
}

// A service's drift on a fresh database of its own: its migrations run, its entities compared.
export async function migratedSchemaDrift(service: {
  schema: string;
  entities: EntityList;
  migrations: MigrationList;
}): Promise<string[]> {
  const database = await createTestDatabase(`${service.schema}_schema`);
  const dataSource = createDataSource({ url: database.url, poolSize: 2, ...service });
  try {
    await dataSource.initialize();
    await runMigrations(dataSource);
    return await schemaDrift(dataSource);
  } finally {
    if (dataSource.isInitialized) await dataSource.destroy();
    await database.drop();
  }
}
