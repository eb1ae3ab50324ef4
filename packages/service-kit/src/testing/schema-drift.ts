import type { DataSource } from 'typeorm';

// Entities are the schema's source of truth (issue 16.2): after every migration has run, TypeORM's
// schema builder must find nothing to change. Returns the SQL it would run (empty when in step);
// a non-empty list is what `npm run migration:generate` would put in a new migration.
export async function schemaDrift(dataSource: DataSource): Promise<string[]> {
  const sql = await dataSource.driver.createSchemaBuilder().log();
  return sql.upQueries.map((query) => query.query);
}
