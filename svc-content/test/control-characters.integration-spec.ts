import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { VALIDATION } from '@district/contracts';
import { type RequestOptions } from '@district/service-kit/testing';
import type { DataSource } from 'typeorm';
import {
  postBody,
  STUDENT,
  type ContentEvents,
  type ErrorResponseBody,
  startContentService,
  type ContentService,
} from './support/content-fixtures';

// Issue 15.1: a NUL in a blog post used to reach PostgreSQL (500); now 400 naming the field.
describe('NUL and control characters (svc-content, real PostgreSQL)', () => {
  let content: ContentService;
  let events: ContentEvents;
  let db: DataSource;
  const request = <T = ErrorResponseBody>(method: string, path: string, options?: RequestOptions) =>
    content.request<T>(method, path, options);

  const posts = async () =>
    (
      (await db.query('SELECT count(*)::int AS n FROM content.blog_posts')) as Array<{
        n: number;
      }>
    )[0].n;

  beforeAll(async () => {
    content = await startContentService();
    ({ db, events } = content);
    await events.registerUser({ id: STUDENT.id, name: 'Ada Student' });
  });
  afterAll(async () => {
    await content?.close();
  });

  it.each([
    ['title', postBody({ title: 'Our day\u0000at the bank' })],
    ['content', postBody({ content: `${'We sorted cans. '.repeat(10)}\u0000` })],
    ['title', postBody({ title: 'Bell\u0007 ringing day' })],
  ])(
    'POST /api/blog-posts with a control character in %s: 400 naming it, nothing written',
    async (field, json) => {
      const before = await posts();
      const res = await request('POST', '/api/blog-posts', { as: STUDENT, json });
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
    const res = await request('POST', '/api/blog-posts', { as: STUDENT, json: postBody() });
    expect(res.status).toBe(201);
  });
});
