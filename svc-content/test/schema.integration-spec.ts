import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { createDataSource, runMigrations } from '@district/service-kit';
import { createTestDatabase, schemaDrift, type TestDatabase } from '@district/service-kit/testing';
import { CONTENT_ENTITIES } from '../src/entities';
import { CONTENT_MIGRATIONS } from '../src/migrations';

// Issue 16.2: the entities are the schema's source of truth. After the (deployed) migrations
// have run on a fresh database, TypeORM must find nothing to change; anything it lists is what
// `npm run migration:generate` would put in a new migration.
describe('svc-content schema', () => {
  let database: TestDatabase;
  let dataSource: DataSource;

  beforeAll(async () => {
    database = await createTestDatabase('content_schema');
    dataSource = createDataSource({
      url: database.url,
      schema: 'content',
      entities: CONTENT_ENTITIES,
      migrations: CONTENT_MIGRATIONS,
    });
    await dataSource.initialize();
    await runMigrations(dataSource);
  });

  afterAll(async () => {
    if (dataSource?.isInitialized) await dataSource.destroy();
    await database?.drop();
  });

  it('matches the entities after every migration', async () => {
    expect(await schemaDrift(dataSource)).toEqual([]);
  });
});
