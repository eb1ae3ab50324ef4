import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EVENT_TYPES, type BlogPost, type Page } from '@district/contracts';
import { replicaUser, type RequestOptions } from '@district/service-kit/testing';
import {
  ADMIN,
  postBody,
  STUDENT,
  type ErrorResponseBody,
  startContentService,
  type ContentService,
} from './support/content-fixtures';

// Issue 31: a full roster import deactivates people it no longer has (svc-auth's user.updated
// with active false). Their posts stay on the blog, as after a deletion, but no list names them
// (not the cached full list, not a page); a later roster that has them again brings the name back.
let content: ContentService;
const request = <T = ErrorResponseBody>(method: string, path: string, options?: RequestOptions) =>
  content.request<T>(method, path, options);
const GONE = { id: 270, isAdmin: false, isSupervisor: false };
const GONE_NAME = 'Dora Departed';
const setActive = (active: boolean) =>
  content.events.deliver(
    EVENT_TYPES.userUpdated,
    replicaUser({ id: GONE.id, name: GONE_NAME, active }),
  );

beforeAll(async () => {
  content = await startContentService();
  await content.events.registerUser({ id: GONE.id, name: GONE_NAME });
  await content.events.registerUser({ id: STUDENT.id, name: 'Ada Author' });
  await content.events.registerUser({ id: ADMIN.id, name: 'Al Admin', isAdmin: true });
});

afterAll(async () => {
  await content?.close();
});

// The author names each list shows, for a student (the cached full list) and an admin (a page).
const authors = async () => {
  const full = await request<BlogPost[]>('GET', '/api/blog-posts', { as: STUDENT });
  const page = await request<Page<BlogPost>>('GET', '/api/blog-posts?page=1&pageSize=10', {
    as: ADMIN,
  });
  expect(full.status).toBe(200);
  expect(page.status).toBe(200);
  return {
    full: full.body.map((post) => post.author?.name ?? null),
    page: page.body.items.map((post) => post.author?.name ?? null),
  };
};

describe('a blog author a roster import deactivated', () => {
  it('is named on no list (posts kept), and is named again once reactivated', async () => {
    const created = await request<{ id: number }>('POST', '/api/blog-posts', {
      as: GONE,
      json: postBody({ title: 'Our beach day' }),
    });
    expect(created.status).toBe(201);
    expect(
      (
        await request('PATCH', `/api/blog-posts/${created.body.id}/status`, {
          as: ADMIN,
          json: { status: 'approved' },
        })
      ).status,
    ).toBe(200);
    // Read once so the full list is cached under the current version.
    expect(await authors()).toEqual({ full: [GONE_NAME], page: [GONE_NAME] });

    await setActive(false);
    expect(await authors()).toEqual({ full: [null], page: [null] });

    await setActive(true);
    expect(await authors()).toEqual({ full: [GONE_NAME], page: [GONE_NAME] });
  });
});
