import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { VALIDATION } from '@district/contracts';
import {
  postBody,
  startContentService,
  STUDENT,
  type ContentHarness,
} from './support/content-harness';

// Issue 15.1: a NUL in a blog post used to reach PostgreSQL (500); now 400 naming the field.
describe('NUL and control characters (svc-content, real PostgreSQL)', () => {
  let h: ContentHarness;

  const posts = async () =>
    (
      (await h.db.query('SELECT count(*)::int AS n FROM content.blog_posts')) as Array<{
        n: number;
      }>
    )[0].n;

  beforeAll(async () => {
    h = await startContentService();
    await h.registerUser({ id: STUDENT.id, name: 'Ada Student' });
  });
  afterAll(async () => {
    await h?.close();
  });

  it.each([
    ['title', postBody({ title: 'Our day\u0000at the bank' })],
    ['content', postBody({ content: `${'We sorted cans. '.repeat(10)}\u0000` })],
    ['title', postBody({ title: 'Bell\u0007 ringing day' })],
  ])(
    'POST /api/blog-posts with a control character in %s: 400 naming it, nothing written',
    async (field, json) => {
      const before = await posts();
      const res = await h.request('POST', '/api/blog-posts', { as: STUDENT, json });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        statusCode: 400,
        message: VALIDATION.controlCharacters,
        errors: [{ path: field, message: VALIDATION.controlCharacters }],
      });
      expect(await posts()).toBe(before);
    },
  );

  it('keeps paragraphs (line breaks) in the content', async () => {
    const res = await h.request('POST', '/api/blog-posts', { as: STUDENT, json: postBody() });
    expect(res.status).toBe(201);
  });
});
