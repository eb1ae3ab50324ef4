import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CONSENT_MESSAGES, EVENT_TYPES } from '@district/contracts';
import { replicaUser } from '@district/service-kit/testing';
import { postBody, startContentService, type ContentHarness } from './support/content-harness';

// Issue 20: a student under 13 waiting for a guardian's consent (`restricted` in the replica
// payload) cannot post on the blog until the guardian consents.
let h: ContentHarness;
const CHILD = { id: 260, isAdmin: false, isSupervisor: false };

beforeAll(async () => {
  h = await startContentService();
  await h.registerUser({ id: CHILD.id, name: 'Cleo Child', grade: 6, restricted: true });
});

afterAll(async () => {
  await h?.close();
});

const count = async () =>
  Number(
    (
      (await h.db.query(`SELECT count(*) AS n FROM "blog_posts" WHERE author_id = $1`, [
        CHILD.id,
      ])) as Array<{ n: string }>
    )[0].n,
  );

describe('POST /api/blog-posts by a restricted student', () => {
  it('is refused with 403 saying why, and nothing is stored', async () => {
    const res = await h.request('POST', '/api/blog-posts', { as: CHILD, json: postBody() });
    expect(res.status).toBe(403);
    expect(JSON.stringify(res.body)).toContain(CONSENT_MESSAGES.restrictedBlog);
    expect(await count()).toBe(0);
  });

  it('is accepted once user.updated lifts the restriction (guardian consented)', async () => {
    await h.deliver(
      EVENT_TYPES.userUpdated,
      replicaUser({ id: CHILD.id, name: 'Cleo Child', grade: 6, restricted: false }),
    );
    const res = await h.request('POST', '/api/blog-posts', { as: CHILD, json: postBody() });
    expect(res.status).toBe(201);
    expect(await count()).toBe(1);
  });
});
