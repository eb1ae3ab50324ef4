import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { API_MESSAGES, type BlogPost } from '@district/contracts';
import { PUBLISHED_AUDIT_LOG, waitFor, type RequestOptions } from '@district/service-kit/testing';
import type { DataSource } from 'typeorm';
import {
  ADMIN,
  STUDENT,
  postBody,
  type ContentEvents,
  type ErrorResponseBody,
  startContentService,
  type ContentService,
} from './support/content-fixtures';

interface AuditRow {
  actor_id: number | null;
  action: string;
  target_type: string;
  target_id: string | null;
  outcome: string;
  detail: Record<string, unknown> | null;
}

let content: ContentService;
let events: ContentEvents;
let db: DataSource;
const request = <T = ErrorResponseBody>(method: string, path: string, options?: RequestOptions) =>
  content.request<T>(method, path, options);

beforeAll(async () => {
  content = await startContentService();
  ({ db, events } = content);
  await events.registerUser({ id: STUDENT.id, name: 'Stella Student' });
  await events.registerUser({ id: ADMIN.id, name: 'Ada Admin', isAdmin: true });
});

afterAll(async () => {
  await content?.close();
});

const recordsFor = async (id: number): Promise<AuditRow[]> =>
  (await db.query(
    `SELECT actor_id, action, target_type, target_id, outcome, detail FROM ${PUBLISHED_AUDIT_LOG}
      WHERE target_type = 'blog-post' AND target_id = $1 ORDER BY id`,
    [String(id)],
  )) as AuditRow[];

const statusOf = async (id: number): Promise<string> =>
  (
    (await db.query(`SELECT status FROM "blog_posts" WHERE id = $1`, [id])) as Array<{
      status: string;
    }>
  )[0].status;

async function createPost(title: string): Promise<BlogPost> {
  const response = await request<BlogPost>('POST', '/api/blog-posts', {
    as: STUDENT,
    json: postBody({ title }),
  });
  expect(response.status).toBe(201);
  return response.body;
}

const review = (id: number, status: 'approved' | 'rejected') =>
  request('PATCH', `/api/blog-posts/${id}/status`, { as: ADMIN, json: { status } });

// Issue 9: post moderation is on record, written with the action. Issue 16: as audit.recorded
// events in svc-content's outbox, bound for svc-auth's merged trail.
describe('audit trail (svc-content, real PostgreSQL and Redis)', () => {
  it('records an approval and a rejection once each, with actor, target and outcome', async () => {
    const kept = await createPost('Kept post');
    const refused = await createPost('Refused post');
    expect((await review(kept.id, 'approved')).status).toBe(200);
    expect((await review(refused.id, 'rejected')).status).toBe(200);
    expect(await recordsFor(kept.id)).toEqual([
      {
        actor_id: ADMIN.id,
        action: 'blog.approve',
        target_type: 'blog-post',
        target_id: String(kept.id),
        outcome: 'success',
        detail: { title: 'Kept post', from: 'pending', to: 'approved' },
      },
    ]);
    expect(await recordsFor(refused.id)).toEqual([
      expect.objectContaining({ actor_id: ADMIN.id, action: 'blog.reject', outcome: 'success' }),
    ]);
  });

  it('records a refused transition (409) and an unknown post (404) as one failure each, changing nothing', async () => {
    const post = await createPost('Reviewed once');
    expect((await review(post.id, 'approved')).status).toBe(200);
    const again = await review(post.id, 'rejected');
    expect(again.status).toBe(409);
    expect(await statusOf(post.id)).toBe('approved');
    expect(await recordsFor(post.id)).toEqual([
      expect.objectContaining({ action: 'blog.approve', outcome: 'success' }),
      {
        actor_id: ADMIN.id,
        action: 'blog.reject',
        target_type: 'blog-post',
        target_id: String(post.id),
        outcome: 'failure',
        detail: {
          reason: `${API_MESSAGES.onlyPending}: this post is already approved`,
          status: 409,
        },
      },
    ]);

    expect((await review(999999, 'approved')).status).toBe(404);
    expect(await recordsFor(999999)).toEqual([
      expect.objectContaining({
        action: 'blog.approve',
        outcome: 'failure',
        detail: { reason: API_MESSAGES.blogPostNotFound, status: 404 },
      }),
    ]);
  });

  it('records nothing for a student refused at the door (403)', async () => {
    const post = await createPost('Student tries');
    const response = await request('PATCH', `/api/blog-posts/${post.id}/status`, {
      as: STUDENT,
      json: { status: 'approved' },
    });
    expect(response.status).toBe(403);
    expect(await recordsFor(post.id)).toEqual([]);
    expect(await statusOf(post.id)).toBe('pending');
  });

  it('sends its records on to svc-auth: the relay publishes them', async () => {
    await waitFor(async () => {
      const [{ n }] = (await db.query(
        `SELECT count(*)::int AS n FROM outbox WHERE type = 'audit.recorded' AND published_at IS NULL`,
      )) as Array<{ n: number }>;
      return n === 0;
    }, 'the relay to publish the audit records');
  });
});
