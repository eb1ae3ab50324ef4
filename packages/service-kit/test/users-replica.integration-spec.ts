import { randomUUID } from 'node:crypto';
import { Global, Module } from '@nestjs/common';
import { Test, type TestingModule } from '@nestjs/testing';
import pino from 'pino';
import { Column, DataSource, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { EventPayload, EventType, UserReplicaPayload } from '@district/contracts';
import {
  createDataSource,
  EventProcessor,
  EventsModule,
  LOGGER,
  runMigrations,
  SERVICE_CONFIG,
  SERVICE_METRICS,
  ServiceMetrics,
  UserReplicaEntity,
  UsersReplicaHandler,
  UsersReplicaRepository,
} from '../src';
import { createTestDatabase, schemaDrift, testRedisUrl, type TestDatabase } from '../src/testing';

// A service table whose rows belong to a user (svc-volunteer's signups, svc-hours's logs).
@Entity({ name: 'belongings' })
class Belonging {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS' })
  id!: number;

  @Column({ name: 'user_id', type: 'integer' })
  userId!: number;
}

const user = (id: number, changes: Partial<UserReplicaPayload> = {}): UserReplicaPayload => ({
  id,
  name: `User ${id}`,
  school: 'Chalmette High School',
  grade: 11,
  avatarUrl: null,
  isAdmin: false,
  isSupervisor: false,
  directoryVisible: true,
  language: 'en',
  restricted: false,
  active: true,
  ...changes,
});

// The kit's users replica through the real consumer path (processed_events and handler in one
// transaction) on real PostgreSQL; what each service shows from it is tested in the service.
describe('UsersReplicaModule handler (real PostgreSQL)', () => {
  let db: TestDatabase;
  let dataSource: DataSource;
  let app: TestingModule;
  let consumer: EventProcessor;

  const deliver = <T extends EventType>(
    type: T,
    payload: EventPayload<T>,
    occurredAt = new Date(),
  ): Promise<boolean> =>
    consumer.apply({ id: randomUUID(), type, payload, occurredAt: occurredAt.toISOString() });
  const row = (id: number) => dataSource.getRepository(UserReplicaEntity).findOneBy({ id });

  beforeAll(async () => {
    db = await createTestDatabase('kit_users_replica');
    dataSource = createDataSource({
      url: db.url,
      schema: 'replica',
      entities: [UserReplicaEntity, Belonging],
    });
    await dataSource.initialize();
    await runMigrations(dataSource);
    // The services create the table in their own migrations; here the entities are enough.
    await dataSource.synchronize();
    const handler = new UsersReplicaHandler(new UsersReplicaRepository(), {
      deleteWithUser: [Belonging],
    });
    // svc-test's consumer as EventsModule wires it in a service, with the kit's handler.
    @Global()
    @Module({
      providers: [
        {
          provide: SERVICE_CONFIG,
          useValue: { REDIS_URL: testRedisUrl(), BULLMQ_PREFIX: `test-${randomUUID()}` },
        },
        { provide: LOGGER, useValue: pino({ level: 'silent' }) },
        { provide: SERVICE_METRICS, useValue: new ServiceMetrics('svc-test') },
        { provide: DataSource, useValue: dataSource },
        { provide: UsersReplicaHandler, useValue: handler },
      ],
      exports: [SERVICE_CONFIG, LOGGER, SERVICE_METRICS, DataSource],
    })
    class KitStub {}
    app = await Test.createTestingModule({
      imports: [
        KitStub,
        EventsModule.forRoot({
          service: 'svc-test',
          relay: false,
          routing: {
            'user.registered': ['svc-test'],
            'user.updated': ['svc-test'],
            'user.deleted': ['svc-test'],
          },
        }),
      ],
    }).compile();
    await app.init();
    consumer = app.get(EventProcessor);
  });
  afterAll(async () => {
    await app?.close();
    await dataSource?.destroy();
    await db?.drop();
  });

  it('the entity is the whole table (nothing for a migration to add)', async () => {
    expect(await schemaDrift(dataSource)).toEqual([]);
  });

  it('stores whether a roster import deactivated the user (issue 31), and a reactivation', async () => {
    await deliver('user.registered', user(40));
    expect(await row(40)).toMatchObject({ active: true });
    await deliver('user.updated', user(40, { active: false }));
    expect(await row(40)).toMatchObject({ active: false, name: 'User 40' });
    await deliver('user.updated', user(40, { active: true }));
    expect(await row(40)).toMatchObject({ active: true });
  });

  it('user.registered and user.updated store name, school, canonical school, avatar, grade, visibility and language', async () => {
    await deliver('user.registered', user(1, { name: 'Maya Lee', school: 'PFT' }));
    expect(await row(1)).toMatchObject({
      name: 'Maya Lee',
      school: 'PFT',
      schoolName: 'Patrick F. Taylor Science & Technology Academy',
      avatarUrl: null,
      grade: 11,
      isAdmin: false,
      isSupervisor: false,
      directoryVisible: true,
      language: 'en',
      deleted: false,
    });
    await deliver(
      'user.updated',
      user(1, {
        name: 'Maya Lee-Nguyen',
        school: 'Hogwarts',
        avatarUrl: '/api/avatars/1.webp',
        grade: 12,
        isSupervisor: true,
        directoryVisible: false,
        language: 'es',
      }),
    );
    expect(await row(1)).toMatchObject({
      name: 'Maya Lee-Nguyen',
      school: 'Hogwarts',
      schoolName: 'Other',
      avatarUrl: '/api/avatars/1.webp',
      grade: 12,
      isAdmin: false,
      isSupervisor: true,
      directoryVisible: false,
      language: 'es',
    });
  });

  it('an older event arriving after a newer one does not overwrite it', async () => {
    const now = Date.now();
    await deliver('user.updated', user(2, { name: 'Newest' }), new Date(now));
    await deliver('user.registered', user(2, { name: 'First' }), new Date(now - 2_000));
    await deliver('user.updated', user(2, { name: 'Stale' }), new Date(now - 1_000));
    expect((await row(2))?.name).toBe('Newest');
  });

  it('user.deleted leaves a tombstone, removes the listed rows of that user only, and nothing revives them', async () => {
    await deliver('user.registered', user(3, { avatarUrl: '/api/avatars/3.webp' }));
    await dataSource.getRepository(Belonging).insert([{ userId: 3 }, { userId: 3 }, { userId: 4 }]);

    await deliver('user.deleted', { id: 3 });
    expect(await row(3)).toMatchObject({
      name: '',
      school: '',
      schoolName: '',
      avatarUrl: null,
      deleted: true,
    });
    expect(await dataSource.getRepository(Belonging).find({ select: { userId: true } })).toEqual([
      { userId: 4 },
    ]);

    await deliver('user.updated', user(3, { name: 'Ghost' }), new Date(Date.now() + 60_000));
    expect(await row(3)).toMatchObject({ name: '', deleted: true });
  });

  it('a deletion that arrives before the registration still wins', async () => {
    const now = Date.now();
    await deliver('user.deleted', { id: 5 }, new Date(now));
    await deliver('user.registered', user(5), new Date(now - 1_000));
    expect(await row(5)).toMatchObject({ name: '', deleted: true });
  });

  it('the same event delivered twice is applied once', async () => {
    const event = {
      id: randomUUID(),
      type: 'user.registered' as const,
      payload: user(6, { name: 'Once Only' }),
      occurredAt: new Date().toISOString(),
    };
    expect(await consumer.apply(event)).toBe(true);
    await dataSource.getRepository(UserReplicaEntity).update({ id: 6 }, { name: 'Changed Since' });
    expect(await consumer.apply(event)).toBe(false);
    expect((await row(6))?.name).toBe('Changed Since');
  });
});
