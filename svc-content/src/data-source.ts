import 'reflect-metadata';
import { cliDataSource } from '@district/service-kit';
import { CONTENT_ENTITIES } from './entities';
import { CONTENT_MIGRATIONS } from './migrations';

// For the TypeORM CLI only (`npm run migration:generate -- src/migrations/<name>` after a build).
export default cliDataSource({
  schema: 'content',
  entities: CONTENT_ENTITIES,
  migrations: CONTENT_MIGRATIONS,
});
