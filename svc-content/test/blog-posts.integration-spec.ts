import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { API_MESSAGES, VALIDATION, type BlogPost, type Page } from '@district/contracts';
import { identityHeader, type RequestOptions, type Caller } from '@district/service-kit/testing';
import type { DataSource } from 'typeorm';
import {
  ADMIN,
  OTHER_STUDENT,
  STUDENT,
  SUPERVISOR,
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
  await events.registerUser({
    id: STUDENT.id,
    name: 'Stella Student',
    avatarUrl: '/api/avatars/101.webp',
  });
  await events.registerUser({ id: OTHER_STUDENT.id, name: 'Otto Other' });
  await events.registerUser({ id: SUPERVISOR.id, name: 'Sam Supervisor', isSupervisor: true });
  await events.registerUser({ id: ADMIN.id, name: 'Ada Admin', isAdmin: true });
});

afterAll(async () => {
  await content?.close();
});

beforeEach(async () => {
  await db.query(`TRUNCATE "blog_posts" RESTART IDENTITY`);
});

const postCount = async (): Promise<number> =>
  Number(((await db.query(`SELECT count(*) AS n FROM "blog_posts"`)) as Array<{ n: string }>)[0].n);

async function createPost(as: Caller, overrides: Record<string, unknown> = {}): Promise<BlogPost> {
  const response = await request<BlogPost>('POST', '/api/blog-posts', {
    as,
    json: postBody(overrides),
  });
  expect(response.status).toBe(201);
  return response.body;
}

async function review(id: number, status: 'approved' | 'rejected'): Promise<void> {
  const response = await request('PATCH', `/api/blog-posts/${id}/status`, {
    as: ADMIN,
    json: { status },
  });
  expect(response.status).toBe(200);
}

const titles = async (as: Caller): Promise<string[]> => {
  const response = await request<BlogPost[]>('GET', '/api/blog-posts', { as });
  expect(response.status).toBe(200);
  return response.body.map((post) => post.title);
};

describe('signed out (no identity from the gateway)', () => {
  it.each([
    ['GET', '/api/blog-posts', undefined],
    ['POST', '/api/blog-posts', postBody()],
    ['PATCH', '/api/blog-posts/1/status', { status: 'approved' }],
  ])('%s %s answers 401 in the error shape and writes nothing', async (method, path, json) => {
    const response = await request(method, path, { json });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ statusCode: 401, message: expect.any(String) });
    expect(await postCount()).toBe(0);
  });

  it('refuses a forged or expired identity token with 401', async () => {
    const forged = identityHeader(ADMIN, 'x'.repeat(40));
    const expired = identityHeader(ADMIN, undefined, { expiresInSeconds: -5 });
    for (const headers of [forged, expired, { 'x-identity': 'not-a-token' }]) {
      const response = await request('GET', '/api/blog-posts', { headers });
      expect(response.status).toBe(401);
    }
  });
});

describe('POST /api/blog-posts', () => {
  it.each([
    ['student', STUDENT],
    ['supervisor', SUPERVISOR],
    ['admin', ADMIN],
  ])('a %s submits a post: 201, pending, with their name and avatar', async (_role, caller) => {
    const response = await request<BlogPost>('POST', '/api/blog-posts', {
      as: caller,
      json: postBody({ title: `  Trip report ${caller.id}  ` }),
    });
    expect(response.status).toBe(201);
    const post = response.body;
    expect(post).toMatchObject({ title: `Trip report ${caller.id}`, status: 'pending' });
    expect(post.author?.name).toBeTruthy();
    expect(Number.isInteger(post.id)).toBe(true);
    expect(new Date(post.createdAt).toISOString()).toBe(post.createdAt);
    expect(post.updatedAt).toBe(post.createdAt);
  });

  it('returns the author from the replica', async () => {
    const post = await createPost(STUDENT);
    expect(post.author).toEqual({ name: 'Stella Student', avatarUrl: '/api/avatars/101.webp' });
  });

  it('stores and returns the content as text, HTML and line breaks untouched', async () => {
    const content =
      'First paragraph with <script>alert("x")</script> in it.\n\n' +
      'Second paragraph with <img src=x onerror="alert(1)"> & an ampersand, long enough to pass.';
    const created = await createPost(STUDENT, { content });
    expect(created.content).toBe(content);
    const [stored] = (await db.query(`SELECT "content" FROM "blog_posts" WHERE "id" = $1`, [
      created.id,
    ])) as Array<{ content: string }>;
    expect(stored.content).toBe(content);
    const listed = await request<BlogPost[]>('GET', '/api/blog-posts', { as: STUDENT });
    expect(listed.body[0].content).toBe(content);
  });

  // One case per rule the route adds to the schema; the spec's length and required messages are
  // blogPostSchema's unit tests (packages/contracts/src/blog.schema.spec.ts).
  it.each([
    ['a 4-character title', { title: 'Trip' }, 'title', VALIDATION.titleMin],
    ['a numeric title', { title: 12345 }, 'title', 'Expected string, received number'],
    ['an unknown field', { status: 'approved' }, 'status', VALIDATION.unrecognizedField('status')],
    ['a 201-character title', { title: 'x'.repeat(201) }, 'title', VALIDATION.tooLong(200)],
  ])(
    'refuses %s with 400 naming the field, and writes nothing',
    async (_case, overrides, path, message) => {
      const response = await request('POST', '/api/blog-posts', {
        as: STUDENT,
        json: postBody(overrides),
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ statusCode: 400, message, errors: [{ path, message }] });
      expect(await postCount()).toBe(0);
    },
  );

  it('accepts exactly 5 and 100 characters', async () => {
    const post = await createPost(STUDENT, { title: 'Hello', content: 'c'.repeat(100) });
    expect(post.title).toBe('Hello');
  });

  it('answers malformed JSON, a non-object body and an oversized body with 4xx, never 500', async () => {
    const malformed = await request('POST', '/api/blog-posts', {
      as: STUDENT,
      body: '{"title": ',
    });
    expect(malformed.status).toBe(400);
    const array = await request('POST', '/api/blog-posts', { as: STUDENT, json: [postBody()] });
    expect(array.status).toBe(400);
    const huge = await request('POST', '/api/blog-posts', {
      as: STUDENT,
      json: postBody({ content: 'x'.repeat(1_100_000) }),
    });
    expect(huge.status).toBe(413);
    expect(await postCount()).toBe(0);
  });
});

describe('GET /api/blog-posts visibility (newest first)', () => {
  // Stella: approved A1, pending A2, rejected A3. Otto: approved B1, pending B2, rejected B3.
  beforeEach(async () => {
    const a1 = await createPost(STUDENT, { title: 'A1 approved' });
    const b1 = await createPost(OTHER_STUDENT, { title: 'B1 approved' });
    await createPost(STUDENT, { title: 'A2 pending' });
    await createPost(OTHER_STUDENT, { title: 'B2 pending' });
    const a3 = await createPost(STUDENT, { title: 'A3 rejected' });
    const b3 = await createPost(OTHER_STUDENT, { title: 'B3 rejected' });
    await review(a1.id, 'approved');
    await review(b1.id, 'approved');
    await review(a3.id, 'rejected');
    await review(b3.id, 'rejected');
  });

  it('an author sees every approved post plus their own pending and rejected ones', async () => {
    expect(await titles(STUDENT)).toEqual([
      'A3 rejected',
      'A2 pending',
      'B1 approved',
      'A1 approved',
    ]);
    expect(await titles(OTHER_STUDENT)).toEqual([
      'B3 rejected',
      'B2 pending',
      'B1 approved',
      'A1 approved',
    ]);
  });

  it('a supervisor who wrote nothing sees only approved posts', async () => {
    expect(await titles(SUPERVISOR)).toEqual(['B1 approved', 'A1 approved']);
  });

  it('an admin sees every post with its status', async () => {
    const response = await request<BlogPost[]>('GET', '/api/blog-posts', { as: ADMIN });
    expect(response.body.map((p) => [p.title, p.status])).toEqual([
      ['B3 rejected', 'rejected'],
      ['A3 rejected', 'rejected'],
      ['B2 pending', 'pending'],
      ['A2 pending', 'pending'],
      ['B1 approved', 'approved'],
      ['A1 approved', 'approved'],
    ]);
  });

  it('a signed-in user with no posts anywhere visible gets an empty array', async () => {
    await db.query(`UPDATE "blog_posts" SET "status" = 'pending'`);
    const response = await request('GET', '/api/blog-posts', { as: SUPERVISOR });
    expect(response.status).toBe(200);
    expect(response.body).toEqual([]);
  });

  it('orders by creation time, not by id or review time', async () => {
    await db.query(
      `UPDATE "blog_posts" SET "created_at" = now() + interval '1 hour' WHERE "title" = 'A1 approved'`,
    );
    expect((await titles(SUPERVISOR))[0]).toBe('A1 approved');
  });

  it('pages on request (?page, ?pageSize) and keeps the plain call a full array', async () => {
    const first = await request<Page<BlogPost>>('GET', '/api/blog-posts?page=1&pageSize=2', {
      as: STUDENT,
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 4, page: 1, pageSize: 2 });
    expect(first.body.items.map((p) => p.title)).toEqual(['A3 rejected', 'A2 pending']);
    const second = await request<Page<BlogPost>>('GET', '/api/blog-posts?page=2&pageSize=2', {
      as: STUDENT,
    });
    expect(second.body.items.map((p) => p.title)).toEqual(['B1 approved', 'A1 approved']);
    const past = await request<Page<BlogPost>>('GET', '/api/blog-posts?page=9&pageSize=2', {
      as: STUDENT,
    });
    expect(past.body).toEqual({ items: [], total: 4, page: 9, pageSize: 2 });
    const sizeOnly = await request<Page<BlogPost>>('GET', '/api/blog-posts?pageSize=1', {
      as: ADMIN,
    });
    expect(sizeOnly.body).toMatchObject({ total: 6, page: 1, pageSize: 1 });
    expect(sizeOnly.body.items).toHaveLength(1);
    const plain = await request<BlogPost[]>('GET', '/api/blog-posts', { as: ADMIN });
    expect(Array.isArray(plain.body)).toBe(true);
    expect(plain.body).toHaveLength(6);
  });

  it.each(['page=0', 'pageSize=0', 'pageSize=201', 'page=abc'])(
    'refuses a bad paging parameter (%s) with 400 naming it',
    async (query) => {
      const response = await request('GET', `/api/blog-posts?${query}`, { as: STUDENT });
      expect(response.status).toBe(400);
      expect(response.body.errors[0].path).toBe(query.split('=')[0]);
    },
  );

  // Issue 14.5: the admins' "Awaiting review" list is a paged, server-filtered list.
  it('narrows a page to one status (?status), newest first, without widening what a reader sees', async () => {
    const all = (await request<BlogPost[]>('GET', '/api/blog-posts', { as: ADMIN })).body;
    const pending = all.filter((p) => p.status === 'pending').map((p) => p.id);
    expect(pending.length).toBeGreaterThan(1);
    const seen: number[] = [];
    for (let page = 1; page <= pending.length; page += 1) {
      const res = await request<Page<BlogPost>>(
        'GET',
        `/api/blog-posts?status=pending&page=${page}&pageSize=1`,
        { as: ADMIN },
      );
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(pending.length);
      seen.push(...res.body.items.map((p) => p.id));
    }
    expect(seen).toEqual(pending);

    // A student gets their own pending posts only (the pending ones of their plain list, which
    // holds approved posts and their own); another student none of them.
    const mine = (await request<BlogPost[]>('GET', '/api/blog-posts', { as: STUDENT })).body
      .filter((p) => p.status === 'pending')
      .map((p) => p.id);
    expect(mine.length).toBeGreaterThan(0);
    const own = await request<Page<BlogPost>>('GET', '/api/blog-posts?status=pending', {
      as: STUDENT,
    });
    expect(own.body.items.map((p) => p.id)).toEqual(mine);
    const other = await request<Page<BlogPost>>('GET', '/api/blog-posts?status=pending', {
      as: OTHER_STUDENT,
    });
    expect(other.body.items.some((p) => mine.includes(p.id))).toBe(false);

    const bad = await request('GET', '/api/blog-posts?status=done', { as: ADMIN });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].path).toBe('status');
  });
});

describe('PATCH /api/blog-posts/{id}/status', () => {
  it('an admin approves a pending post; its status and updatedAt change and everyone sees it', async () => {
    const post = await createPost(STUDENT);
    expect(await titles(OTHER_STUDENT)).toEqual([]);
    const response = await request<BlogPost>('PATCH', `/api/blog-posts/${post.id}/status`, {
      as: ADMIN,
      json: { status: 'approved' },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: post.id,
      status: 'approved',
      author: { name: 'Stella Student' },
    });
    expect(Date.parse(response.body.updatedAt)).toBeGreaterThan(Date.parse(post.updatedAt));
    expect(response.body.createdAt).toBe(post.createdAt);
    expect(await titles(OTHER_STUDENT)).toEqual([post.title]);
  });

  it('an admin rejects a pending post; only its author (and admins) still see it', async () => {
    const post = await createPost(STUDENT);
    await review(post.id, 'rejected');
    expect(await titles(OTHER_STUDENT)).toEqual([]);
    const own = await request<BlogPost[]>('GET', '/api/blog-posts', { as: STUDENT });
    expect(own.body.map((p) => p.status)).toEqual(['rejected']);
  });

  it.each([
    ['student', STUDENT],
    ['supervisor', SUPERVISOR],
  ])('a %s is refused with 403 and the post stays pending', async (_role, caller) => {
    const post = await createPost(STUDENT);
    const response = await request('PATCH', `/api/blog-posts/${post.id}/status`, {
      as: caller,
      json: { status: 'approved' },
    });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ statusCode: 403, message: expect.any(String) });
    const [row] = (await db.query(`SELECT "status" FROM "blog_posts" WHERE "id" = $1`, [
      post.id,
    ])) as Array<{
      status: string;
    }>;
    expect(row.status).toBe('pending');
  });

  // Every from/to pair is BlogPostsService's unit test; here the route's 409 and the row untouched.
  it.each([['approved', 'rejected']] as const)(
    'moves only pending posts: %s → %s is a 409 with a clear message',
    async (from, to) => {
      const post = await createPost(STUDENT);
      await review(post.id, from);
      const response = await request('PATCH', `/api/blog-posts/${post.id}/status`, {
        as: ADMIN,
        json: { status: to },
      });
      expect(response.status).toBe(409);
      expect(response.body).toEqual({
        statusCode: 409,
        message: `${API_MESSAGES.onlyPending}: this post is already ${from}`,
      });
      const [row] = (await db.query(`SELECT "status" FROM "blog_posts" WHERE "id" = $1`, [
        post.id,
      ])) as Array<{
        status: string;
      }>;
      expect(row.status).toBe(from);
    },
  );

  it('says the 409 in Spanish, status word included, for Accept-Language: es (issue 22)', async () => {
    const post = await createPost(STUDENT);
    await review(post.id, 'rejected');
    const response = await request('PATCH', `/api/blog-posts/${post.id}/status`, {
      as: ADMIN,
      json: { status: 'approved' },
      headers: { 'accept-language': 'es' },
    });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({
      statusCode: 409,
      message:
        'Solo se pueden revisar los elementos pendientes: esta publicación ya está rechazada',
    });
  });

  it('two admins deciding at once: one wins, the other gets 409', async () => {
    const post = await createPost(STUDENT);
    const [a, b] = await Promise.all([
      request('PATCH', `/api/blog-posts/${post.id}/status`, {
        as: ADMIN,
        json: { status: 'approved' },
      }),
      request('PATCH', `/api/blog-posts/${post.id}/status`, {
        as: { id: 302, isAdmin: true },
        json: { status: 'rejected' },
      }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
  });

  it('an unknown id is a 404 "Blog post not found"', async () => {
    const response = await request('PATCH', '/api/blog-posts/999999/status', {
      as: ADMIN,
      json: { status: 'approved' },
    });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ statusCode: 404, message: API_MESSAGES.blogPostNotFound });
  });

  it.each(['abc', '1.5', '-1', '1e3'])('a malformed id (%s) is a 400 naming id', async (id) => {
    const response = await request('PATCH', `/api/blog-posts/${id}/status`, {
      as: ADMIN,
      json: { status: 'approved' },
    });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([{ path: 'id', message: VALIDATION.invalidId }]);
  });

  // Each invalid status is blogStatusSchema's unit test (review.schema.spec.ts); here the route's 400.
  it.each([
    [
      'an extra field',
      { status: 'approved', title: 'Renamed' },
      'title',
      VALIDATION.unrecognizedField('title'),
    ],
  ])('refuses %s with 400 and leaves the post pending', async (_case, json, path, message) => {
    const post = await createPost(STUDENT);
    const response = await request('PATCH', `/api/blog-posts/${post.id}/status`, {
      as: ADMIN,
      json,
    });
    expect(response.status).toBe(400);
    expect(response.body.errors).toContainEqual({ path, message });
    const [row] = (await db.query(`SELECT "status" FROM "blog_posts" WHERE "id" = $1`, [
      post.id,
    ])) as Array<{
      status: string;
    }>;
    expect(row.status).toBe('pending');
  });
});
