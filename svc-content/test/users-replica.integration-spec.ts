import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { BlogPost, UserReplicaPayload } from '@district/contracts';
import {
  ADMIN,
  postBody,
  startContentService,
  waitFor,
  type Caller,
  type ContentHarness,
} from './support/content-harness';

let h: ContentHarness;

beforeAll(async () => {
  h = await startContentService();
});

afterAll(async () => {
  await h?.close();
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
    ...overrides,
  };
}

async function writePost(author: Caller): Promise<BlogPost> {
  const response = await h.request<BlogPost>('POST', '/api/blog-posts', {
    as: author,
    json: postBody(),
  });
  expect(response.status).toBe(201);
  return response.body;
}

// What an admin's list says about one post's author.
async function authorOf(postId: number): Promise<BlogPost['author'] | undefined> {
  const response = await h.request<BlogPost[]>('GET', '/api/blog-posts', { as: ADMIN });
  expect(response.status).toBe(200);
  return response.body.find((post) => post.id === postId)?.author;
}

describe('users replica (user.* events from svc-auth)', () => {
  it('a renamed user and a new avatar show on their existing posts', async () => {
    await h.deliver('user.registered', user(1, { name: 'Maya Lee' }));
    const post = await writePost({ id: 1 });
    expect(post.author).toEqual({ name: 'Maya Lee', avatarUrl: null });

    await h.deliver(
      'user.updated',
      user(1, { name: 'Maya Lee-Nguyen', avatarUrl: '/api/avatars/1-b.webp' }),
    );
    expect(await authorOf(post.id)).toEqual({
      name: 'Maya Lee-Nguyen',
      avatarUrl: '/api/avatars/1-b.webp',
    });
  });

  it('a deleted user leaves their posts with author null ("Unknown Author"), name and avatar forgotten', async () => {
    await h.deliver(
      'user.registered',
      user(2, { name: 'Leo Park', avatarUrl: '/api/avatars/2.webp' }),
    );
    const post = await writePost({ id: 2 });
    await h.request('PATCH', `/api/blog-posts/${post.id}/status`, {
      as: ADMIN,
      json: { status: 'approved' },
    });

    await h.deliver('user.deleted', { id: 2 });
    expect(await authorOf(post.id)).toBeNull();
    // Everyone still sees the approved post, without an author.
    const asOther = await h.request<BlogPost[]>('GET', '/api/blog-posts', { as: { id: 999 } });
    expect(asOther.body.find((p) => p.id === post.id)).toMatchObject({
      author: null,
      status: 'approved',
    });
    const [row] = (await h.db.query(
      `SELECT "name", "avatar_url" FROM "users" WHERE "id" = 2`,
    )) as Array<{
      name: string;
      avatar_url: string | null;
    }>;
    expect(row).toEqual({ name: '', avatar_url: null });
  });

  it('a late user.updated does not bring a deleted author back', async () => {
    const before = new Date(Date.now() - 60_000);
    await h.deliver('user.registered', user(3, { name: 'Ivy Chen' }), { occurredAt: before });
    const post = await writePost({ id: 3 });
    await h.deliver('user.deleted', { id: 3 });
    await h.deliver('user.updated', user(3, { name: 'Ivy Chen (old rename)' }), {
      occurredAt: new Date(before.getTime() + 1_000),
    });
    expect(await authorOf(post.id)).toBeNull();
  });

  it('an older user.updated arriving after a newer one does not overwrite it', async () => {
    const now = Date.now();
    await h.deliver('user.registered', user(4, { name: 'First Name' }), {
      occurredAt: new Date(now - 3_000),
    });
    await h.deliver('user.updated', user(4, { name: 'Newest Name' }), {
      occurredAt: new Date(now - 1_000),
    });
    await h.deliver('user.updated', user(4, { name: 'Stale Name' }), {
      occurredAt: new Date(now - 2_000),
    });
    const post = await writePost({ id: 4 });
    expect(post.author?.name).toBe('Newest Name');
  });

  it('a post written before the replica learns its author picks the name up when the event lands', async () => {
    const post = await writePost({ id: 5 });
    expect(post.author).toBeNull();
    await h.deliver('user.registered', user(5, { name: 'Late Arrival' }));
    expect(await authorOf(post.id)).toEqual({ name: 'Late Arrival', avatarUrl: null });
  });

  it('the same event delivered twice is applied once', async () => {
    const registered = await h.deliver('user.registered', user(6, { name: 'Once Only' }));
    const post = await writePost({ id: 6 });
    // A rename, then the registration again (a redelivery, as at-least-once allows): the
    // replay must not put the old name back.
    await h.deliver('user.updated', user(6, { name: 'Renamed' }), {
      occurredAt: new Date(Date.now() + 1_000),
    });
    await h.db.query(`UPDATE "users" SET "source_at" = '2000-01-01' WHERE "id" = 6`);
    await h.publish('user.registered', user(6, { name: 'Once Only' }), { eventId: registered });
    await waitFor(
      async () => (await h.jobStates()).waiting === 0 && (await h.jobStates()).active === 0,
      'queue to drain',
    );
    expect(await authorOf(post.id)).toEqual({ name: 'Renamed', avatarUrl: null });
    const rows = (await h.db.query(
      `SELECT count(*) AS n FROM "processed_events" WHERE "event_id" = $1`,
      [registered],
    )) as Array<{ n: string }>;
    expect(Number(rows[0].n)).toBe(1);
    expect((await h.jobStates()).failed).toBe(0);
  });
});
