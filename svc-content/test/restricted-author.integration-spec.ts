import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CONSENT_MESSAGES, EVENT_TYPES } from '@district/contracts';
import { replicaUser, type RequestOptions } from '@district/service-kit/testing';
import type { DataSource } from 'typeorm';
import {
  postBody,
  type ContentEvents,
  type ErrorResponseBody,
  startContentService,
  type ContentService,
} from './support/content-fixtures';

// Issue 20: a student under 13 waiting for a guardian's consent (`restricted` in the replica
// payload) cannot post on the blog until the guardian consents.
let content: ContentService;
let events: ContentEvents;
let db: DataSource;
const request = <T = ErrorResponseBody>(method: string, path: string, options?: RequestOptions) =>
  content.request<T>(method, path, options);
const CHILD = { id: 260, isAdmin: false, isSupervisor: false };

beforeAll(async () => {
  content = await startContentService();
  ({ db, events } = content);
  await events.registerUser({ id: CHILD.id, name: 'Cleo Child', grade: 6, restricted: true });
});

afterAll(async () => {
  await content?.close();
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
