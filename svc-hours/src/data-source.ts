import 'reflect-metadata';
import { cliDataSource } from '@district/service-kit';
import { HOURS_ENTITIES } from './entities';
import { HOURS_MIGRATIONS } from './migrations';

// For the TypeORM CLI only (`npm run migration:generate -- src/migrations/<name>` after a build).
export default cliDataSource({
  schema: 'hours',
  entities: HOURS_ENTITIES,
  migrations: HOURS_MIGRATIONS,
});
