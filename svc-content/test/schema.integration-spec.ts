import { describe, expect, it } from '@jest/globals';
import { migratedSchemaDrift } from '@district/service-kit/testing';
import { CONTENT_ENTITIES } from '../src/entities';
import { CONTENT_MIGRATIONS } from '../src/migrations';

// Issue 16.2: the entities are the schema's source of truth. After the (deployed) migrations have
// run on a fresh database, TypeORM must find nothing to change; anything it lists is what
// `npm run migration:generate` would put in a new migration.
describe('svc-content schema', () => {
  it('is what the entities declare once every migration has run', async () => {
    const drift = await migratedSchemaDrift({
      schema: 'content',
      entities: CONTENT_ENTITIES,
      migrations: CONTENT_MIGRATIONS,
    });
    expect(drift).toEqual([]);
  });
});
