import 'reflect-metadata';
import { baseConfigSchema, createDataSource } from '@district/service-kit';
import { HOURS_ENTITIES } from './entities';
import { HOURS_MIGRATIONS } from './migrations';

// The TypeORM CLI's DataSource (`npm run migration:generate -- src/migrations/<name>`): the
// entities compared with the database at DATABASE_URL, schema DB_SCHEMA (default "hours").
const env = baseConfigSchema
  .pick({ DATABASE_URL: true, DB_SCHEMA: true })
  .parse({ DB_SCHEMA: 'hours', ...process.env });

export default createDataSource({
  url: env.DATABASE_URL,
  schema: env.DB_SCHEMA,
  entities: HOURS_ENTITIES,
  migrations: HOURS_MIGRATIONS,
});
