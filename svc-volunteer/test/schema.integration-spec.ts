import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { createDataSource, runMigrations } from '@district/service-kit';
import { createTestDatabase, schemaDrift, type TestDatabase } from '@district/service-kit/testing';
import { VOLUNTEER_ENTITIES } from '../src/entities';
import { VOLUNTEER_MIGRATIONS } from '../src/migrations';

// Entities are the schema's source of truth (issue 16.2): after every migration on a fresh
// database, TypeORM finds nothing to change.
describe('svc-volunteer schema', () => {
  let db: TestDatabase;
  let dataSource: DataSource;

  beforeAll(async () => {
    db = await createTestDatabase('volunteer_schema');
    dataSource = createDataSource({
      url: db.url,
      schema: 'volunteer',
      entities: VOLUNTEER_ENTITIES,
      migrations: VOLUNTEER_MIGRATIONS,
    });
    await dataSource.initialize();
    await runMigrations(dataSource);
  });
  afterAll(async () => {
    await dataSource?.destroy();
    await db?.drop();
  });

  it('the entities match the migrated database', async () => {
    expect(await schemaDrift(dataSource)).toEqual([]);
  });
});
