import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { BlogPost, UserReplicaPayload } from '@district/contracts';
import { type RequestOptions, type Caller } from '@district/service-kit/testing';
import type { DataSource } from 'typeorm';
import {
  ADMIN,
  postBody,
  type ContentEvents,
  type ErrorResponseBody,
  startContentService,
  type ContentService,
} from './support/content-fixtures';

let content: ContentService;
let events: ContentEvents;
let db: DataSource;
const request = <T = ErrorResponseBody>(method: string, path: string, options?: RequestOptions) =>
  content.request<T>(method, path, options);

beforeAll(async () => {
  content = await startContentService();
  ({ db, events } = content);
});

afterAll(async () => {
  await content?.close();
});

function user(id: number, overrides: Partial<UserReplicaPayload> = {}): UserReplicaPayload {
  return {
    id,
    name: `Student ${id}`,
    school: 'Chalmette High School',
    grade: 11,
    avatarUrl: null,
    isAdmin: false,
    isSupervisor: false,
    directoryVisible: true,
    language: 'en',
    restricted: false,
    active: true,
    ...overrides,
  };
}

async function writePost(author: Caller): Promise<BlogPost> {
  const response = await request<BlogPost>('POST', '/api/blog-posts', {
    as: author,
    json: postBody(),
  });
  expect(response.status).toBe(201);
  return response.body;
}

// What an admin's list says about one post's author.
async function authorOf(postId: number): Promise<BlogPost['author'] | undefined> {
  const response = await request<BlogPost[]>('GET', '/api/blog-posts', { as: ADMIN });
  expect(response.status).toBe(200);
  return response.body.find((post) => post.id === postId)?.author;
}

// The replica's own rules (ordering, tombstones, redelivery) are the kit's suite
// (packages/service-kit/test/users-replica.integration-spec.ts); here what svc-content shows.
describe('users replica (user.* events from svc-auth)', () => {
  it('a renamed user and a new avatar show on their existing posts', async () => {
    await events.deliver('user.registered', user(1, { name: 'Maya Lee' }));
    const post = await writePost({ id: 1 });
    expect(post.author).toEqual({ name: 'Maya Lee', avatarUrl: null });

    await events.deliver(
      'user.updated',
      user(1, { name: 'Maya Lee-Nguyen', avatarUrl: '/api/avatars/1-b.webp' }),
    );
    expect(await authorOf(post.id)).toEqual({
      name: 'Maya Lee-Nguyen',
      avatarUrl: '/api/avatars/1-b.webp',
    });
  });

  it('a deleted user leaves their posts with author null ("Unknown Author"), name and avatar forgotten', async () => {
    await events.deliver(
      'user.registered',
      user(2, { name: 'Leo Park', avatarUrl: '/api/avatars/2.webp' }),
    );
    const post = await writePost({ id: 2 });
    await request('PATCH', `/api/blog-posts/${post.id}/status`, {
      as: ADMIN,
      json: { status: 'approved' },
    });

    await events.deliver('user.deleted', { id: 2 });
    expect(await authorOf(post.id)).toBeNull();
    // Everyone still sees the approved post, without an author.
    const asOther = await request<BlogPost[]>('GET', '/api/blog-posts', { as: { id: 999 } });
    expect(asOther.body.find((p) => p.id === post.id)).toMatchObject({
      author: null,
      status: 'approved',
    });
    const [row] = (await db.query(
      `SELECT "name", "avatar_url" FROM "users" WHERE "id" = 2`,
    )) as Array<{
      name: string;
      avatar_url: string | null;
    }>;
    expect(row).toEqual({ name: '', avatar_url: null });
  });

  it('a post written before the replica learns its author picks the name up when the event lands', async () => {
    const post = await writePost({ id: 5 });
    expect(post.author).toBeNull();
    await events.deliver('user.registered', user(5, { name: 'Late Arrival' }));
    expect(await authorOf(post.id)).toEqual({ name: 'Late Arrival', avatarUrl: null });
  });
});
