import 'reflect-metadata';
import { baseConfigSchema, createDataSource } from '@district/service-kit';
import { VOLUNTEER_ENTITIES } from './entities';
import { VOLUNTEER_MIGRATIONS } from './migrations';

// The TypeORM CLI's DataSource (`npm run migration:generate -- src/migrations/<name>`): the
// entities compared with the database at DATABASE_URL, schema DB_SCHEMA (default "volunteer").
const env = baseConfigSchema
  .pick({ DATABASE_URL: true, DB_SCHEMA: true })
  .parse({ DB_SCHEMA: 'volunteer', ...process.env });

export default createDataSource({
  url: env.DATABASE_URL,
  schema: env.DB_SCHEMA,
  entities: VOLUNTEER_ENTITIES,
  migrations: VOLUNTEER_MIGRATIONS,
});
