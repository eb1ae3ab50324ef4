import { describe, expect, it } from '@jest/globals';
import { migratedSchemaDrift } from '@district/service-kit/testing';
import { VOLUNTEER_ENTITIES } from '../src/entities';
import { VOLUNTEER_MIGRATIONS } from '../src/migrations';

// Issue 16.2: the entities are the schema's source of truth. After the (deployed) migrations have
// run on a fresh database, TypeORM must find nothing to change; anything it lists is what
// `npm run migration:generate` would put in a new migration.
describe('svc-volunteer schema', () => {
  it('is what the entities declare once every migration has run', async () => {
    const drift = await migratedSchemaDrift({
      schema: 'volunteer',
      entities: VOLUNTEER_ENTITIES,
      migrations: VOLUNTEER_MIGRATIONS,
    });
    expect(drift).toEqual([]);
  });
});
