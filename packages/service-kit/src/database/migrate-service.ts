import { loadServiceConfig } from '../config/service-config';
import { createDataSource, type EntityList, type MigrationList } from './create-data-source';
import { runMigrations } from './run-migrations';

// dist/migrate.js of every service: run pending migrations once, print what ran, exit.
export async function migrateService(options: {
  entities?: EntityList;
  migrations?: MigrationList;
}): Promise<void> {
  const config = loadServiceConfig();
  const dataSource = createDataSource({
    url: config.DATABASE_URL,
    schema: config.DB_SCHEMA,
    ...options,
  });
  try {
    await dataSource.initialize();
    const ran = await runMigrations(dataSource);
    process.stdout.write(
      ran.length > 0
        ? `Applied migrations: ${ran.join(', ')}\n`
        : `Schema "${config.DB_SCHEMA}" is up to date\n`,
    );
  } catch (error) {
    process.stderr.write(
      `Migration failed: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exitCode = 1;
  } finally {
    if (dataSource.isInitialized) await dataSource.destroy();
  }
}
