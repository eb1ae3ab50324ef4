import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CONSENT_MESSAGES, EVENT_TYPES } from '@district/contracts';
import {
  replicaUser,
  callService,
  clearRedisPrefix,
  createTestDatabase,
  startTestService,
  type RequestOptions,
  type TestDatabase,
  type TestService,
} from '@district/service-kit/testing';
import { DataSource } from 'typeorm';
import type { ServiceConfig } from '@district/service-kit';
import { AppModule, SERVICE } from '../src/app.module';
import {
  postBody,
  contentEvents,
  contentTestConfig,
  type ContentEvents,
  type ErrorResponseBody,
} from './support/content-fixtures';

// Issue 20: a student under 13 waiting for a guardian's consent (`restricted` in the replica
// payload) cannot post on the blog until the guardian consents.
let database: TestDatabase;
let config: ServiceConfig;
let service: TestService;
let events: ContentEvents;
let db: DataSource;
const request = <T = ErrorResponseBody>(method: string, path: string, options?: RequestOptions) =>
  callService<T>(service.url, method, path, options);
const CHILD = { id: 260, isAdmin: false, isSupervisor: false };

beforeAll(async () => {
  database = await createTestDatabase('content');
  config = contentTestConfig(database);
  service = await startTestService(AppModule.forRoot(), config, { service: SERVICE });
  db = service.app.get(DataSource);
  events = contentEvents(config, db);
  await events.registerUser({ id: CHILD.id, name: 'Cleo Child', grade: 6, restricted: true });
});

afterAll(async () => {
  await events?.close();
  await service?.close();
  if (config) await clearRedisPrefix(config.BULLMQ_PREFIX);
  await database?.drop();
});

const count = async () =>
  Number(
    (
      (await db.query(`SELECT count(*) AS n FROM "blog_posts" WHERE author_id = $1`, [
        CHILD.id,
      ])) as Array<{ n: string }>
    )[0].n,
  );

describe('POST /api/blog-posts by a restricted student', () => {
  it('is refused with 403 saying why, and nothing is stored', async () => {
    const res = await request('POST', '/api/blog-posts', { as: CHILD, json: postBody() });
    expect(res.status).toBe(403);
    expect(JSON.stringify(res.body)).toContain(CONSENT_MESSAGES.restrictedBlog);
    expect(await count()).toBe(0);
  });

  it('is accepted once user.updated lifts the restriction (guardian consented)', async () => {
    await events.deliver(
      EVENT_TYPES.userUpdated,
      replicaUser({ id: CHILD.id, name: 'Cleo Child', grade: 6, restricted: false }),
    );
    const res = await request('POST', '/api/blog-posts', { as: CHILD, json: postBody() });
    expect(res.status).toBe(201);
    expect(await count()).toBe(1);
  });
});
