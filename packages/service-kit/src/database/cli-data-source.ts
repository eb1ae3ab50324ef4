import { baseConfigSchema } from '../config/service-config';
import { createDataSource, type EntityList, type MigrationList } from './create-data-source';

// A service's DataSource for the TypeORM CLI (`npm run migration:generate -w <service> --
// src/migrations/<name>` after a build): its entities and migrations against DATABASE_URL, in
// DB_SCHEMA (default: the service's own schema).
export function cliDataSource(service: {
  schema: string;
  entities: EntityList;
  migrations: MigrationList;
}) {
  const env = baseConfigSchema
    .pick({ DATABASE_URL: true, DB_SCHEMA: true })
    .parse({ DB_SCHEMA: service.schema, ...process.env });
  return createDataSource({
    url: env.DATABASE_URL,
    schema: env.DB_SCHEMA,
    entities: service.entities,
    migrations: service.migrations,
    poolSize: 2,
  });
}
