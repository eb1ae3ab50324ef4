import 'reflect-metadata';
import { cliDataSource } from '@district/service-kit';
import { AUTH_ENTITIES } from './entities';
import { AUTH_MIGRATIONS } from './migrations';

// For the TypeORM CLI only (`npm run migration:generate -- src/migrations/<name>` after a build).
export default cliDataSource({
  schema: 'auth',
  entities: AUTH_ENTITIES,
  migrations: AUTH_MIGRATIONS,
});
