import { createDataSource } from '@district/service-kit';
import type { DataSource } from 'typeorm';
import { AUTH_ENTITIES } from '../entities';
import { AUTH_MIGRATIONS } from '../migrations';

// The command-line tools' connection to svc-auth's database (DATABASE_URL, DB_SCHEMA), or null
// after saying on stderr what is missing.
export function authDatabaseFromEnv(): DataSource | null {
  const url = process.env.DATABASE_URL;
  if (!url) {
    process.stderr.write("DATABASE_URL is not set (svc-auth's database, postgres://…)\n");
    return null;
  }
  return createDataSource({
    url,
    schema: process.env.DB_SCHEMA ?? 'auth',
    entities: AUTH_ENTITIES,
    migrations: AUTH_MIGRATIONS,
    poolSize: 2,
  });
}
