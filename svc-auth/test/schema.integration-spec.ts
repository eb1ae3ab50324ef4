import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { createDataSource, runMigrations } from '@district/service-kit';
import { createTestDatabase, schemaDrift, type TestDatabase } from '@district/service-kit/testing';
import { AUTH_MIGRATIONS } from '../src/migrations';
import { AUTH_ENTITIES } from '../src/entities';

let db: TestDatabase;
let ds: DataSource;

beforeAll(async () => {
  db = await createTestDatabase('auth_schema');
  ds = createDataSource({
    url: db.url,
    schema: 'auth',
    entities: AUTH_ENTITIES,
    migrations: AUTH_MIGRATIONS,
    poolSize: 2,
  });
  await ds.initialize();
  await runMigrations(ds);
});

afterAll(async () => {
  if (ds?.isInitialized) await ds.destroy();
  await db?.drop();
});

describe('svc-auth schema', () => {
  it('is what the entities declare once every migration has run', async () => {
    expect(await schemaDrift(ds)).toEqual([]);
  });
});
