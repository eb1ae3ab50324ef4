import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '@district/service-kit';
import { AUTH_MIGRATIONS } from './migrations';
import { AUTH_ENTITIES } from './entities';

// For the TypeORM CLI only (`npm run migration:generate -- src/migrations/<name>` after a build):
// the service's entities and migrations against DATABASE_URL's schema DB_SCHEMA (default auth).
export default new DataSource(
  dataSourceOptions({
    url: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    schema: process.env.DB_SCHEMA ?? 'auth',
    entities: AUTH_ENTITIES,
    migrations: AUTH_MIGRATIONS,
    poolSize: 2,
  }),
);
