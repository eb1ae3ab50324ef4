import 'reflect-metadata';
import { cliDataSource } from '@district/service-kit';
import { VOLUNTEER_ENTITIES } from './entities';
import { VOLUNTEER_MIGRATIONS } from './migrations';

// For the TypeORM CLI only (`npm run migration:generate -- src/migrations/<name>` after a build).
export default cliDataSource({
  schema: 'volunteer',
  entities: VOLUNTEER_ENTITIES,
  migrations: VOLUNTEER_MIGRATIONS,
});
