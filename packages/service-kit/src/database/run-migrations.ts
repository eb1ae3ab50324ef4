import type { DataSource } from 'typeorm';
import { schemaOf } from './create-data-source';

// Creates the schema if missing, then runs pending migrations. An advisory lock keeps two
// replicas starting together from running the same migration twice.
export async function runMigrations(dataSource: DataSource): Promise<string[]> {
  const schema = schemaOf(dataSource);
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock(hashtext($1))', [`migrations:${schema}`]);
    try {
      await runner.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
      const done = await dataSource.runMigrations({ transaction: 'each' });
      return done.map((m) => m.name);
    } finally {
      await runner.query('SELECT pg_advisory_unlock(hashtext($1))', [`migrations:${schema}`]);
    }
  } finally {
    await runner.release();
  }
}
