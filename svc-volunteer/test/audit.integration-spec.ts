import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { API_MESSAGES, type EventPhoto, type Opportunity } from '@district/contracts';
import { parseEventPayload } from '@district/service-kit';
import { PUBLISHED_AUDIT_LOG } from '@district/service-kit/testing';
import { ArchiveService } from '../src/archive/archive.service';
import {
  admin,
  opportunityBody,
  startVolunteerService,
  student,
  type VolunteerService,
} from './support/volunteer-fixtures';

interface AuditRow {
  actor_id: number | null;
  action: string;
  target_type: string;
  target_id: string | null;
  outcome: string;
  detail: Record<string, unknown> | null;
}

// Issue 9: every privileged action of svc-volunteer leaves exactly one record, written with the
// action; a refusal leaves one failure record and nothing else. Issue 16: the record is an
// audit.recorded event in svc-volunteer's outbox, bound for svc-auth's merged trail.
describe('audit trail (svc-volunteer, real PostgreSQL and Redis)', () => {
  let app: VolunteerService;

  beforeAll(async () => {
    app = await startVolunteerService();
    await app.events.registerUsers(admin, student);
  });
  afterAll(async () => {
    await app?.close();
  });

  const recordsFor = (type: string, id: number | string) =>
    app.sql<AuditRow>(
      `SELECT actor_id, action, target_type, target_id, outcome, detail FROM ${PUBLISHED_AUDIT_LOG}
        WHERE target_type = $1 AND target_id = $2 ORDER BY id`,
      [type, String(id)],
    );

  const create = async () => {
    const res = await app.request<Opportunity>('POST', '/api/opportunities', {
      as: admin,
      json: opportunityBody({ title: 'Levee Walk' }),
    });
    expect(res.status).toBe(201);
    return res.body;
  };

  it('records create, archive, reopen and delete once each, with actor and outcome', async () => {
    const opportunity = await create();
    expect(await recordsFor('opportunity', opportunity.id)).toEqual([
      expect.objectContaining({
        actor_id: admin.id,
        action: 'opportunity.create',
        outcome: 'success',
        detail: expect.objectContaining({ title: 'Levee Walk' }),
      }),
    ]);

    for (const status of ['archived', 'active'] as const) {
      const res = await app.request('PATCH', `/api/opportunities/${opportunity.id}/status`, {
        as: admin,
        json: { status },
      });
      expect(res.status).toBe(200);
    }
    const del = await app.request('DELETE', `/api/opportunities/${opportunity.id}`, { as: admin });
    expect(del.status).toBe(204);

    const records = await recordsFor('opportunity', opportunity.id);
    expect(records.map((r) => [r.action, r.outcome, r.actor_id])).toEqual([
      ['opportunity.create', 'success', admin.id],
      ['opportunity.archive', 'success', admin.id],
      ['opportunity.reopen', 'success', admin.id],
      ['opportunity.delete', 'success', admin.id],
    ]);
    expect(records[1].detail).toMatchObject({ from: 'active', to: 'archived' });
    expect(records[2].detail).toMatchObject({ from: 'archived', to: 'active' });
    expect(records[3].detail).toEqual({ title: 'Levee Walk' });
  });

  it('records a refused archive or delete as one failure and changes nothing', async () => {
    const before = await app.sql<{ n: string }>(`SELECT count(*) AS n FROM opportunities`);
    const archive = await app.request('PATCH', '/api/opportunities/999999/status', {
      as: admin,
      json: { status: 'archived' },
    });
    expect(archive.status).toBe(404);
    const del = await app.request('DELETE', '/api/opportunities/999999', { as: admin });
    expect(del.status).toBe(404);
    const records = await recordsFor('opportunity', 999999);
    expect(records).toEqual([
      {
        actor_id: admin.id,
        action: 'opportunity.archive',
        target_type: 'opportunity',
        target_id: '999999',
        outcome: 'failure',
        detail: { reason: API_MESSAGES.opportunityNotFound, status: 404 },
      },
      expect.objectContaining({ action: 'opportunity.delete', outcome: 'failure' }),
    ]);
    expect(await app.sql(`SELECT count(*) AS n FROM opportunities`)).toEqual(before);
  });

  it('does not record what a student was refused before reaching the service (403)', async () => {
    const before = await app.sql<{ n: string }>(`SELECT count(*) AS n FROM ${PUBLISHED_AUDIT_LOG}`);
    const res = await app.request('POST', '/api/opportunities', {
      as: student,
      json: opportunityBody(),
    });
    expect(res.status).toBe(403);
    expect(await app.sql(`SELECT count(*) AS n FROM ${PUBLISHED_AUDIT_LOG}`)).toEqual(before);
  });

  it('records photo approval and rejection, and a review of an unknown photo as a failure', async () => {
    const opportunity = await create();
    await app.request('PATCH', `/api/opportunities/${opportunity.id}/status`, {
      as: admin,
      json: { status: 'archived' },
    });
    const submit = async (caption: string) => {
      const res = await app.request<EventPhoto>(
        'POST',
        `/api/opportunities/${opportunity.id}/photos`,
        {
          as: student,
          json: { photoUrl: 'https://example.org/p.jpg', caption },
        },
      );
      expect(res.status).toBe(201);
      return res.body;
    };
    const first = await submit('Before');
    const second = await submit('After');
    const review = (photoId: number, status: string) =>
      app.request('PATCH', `/api/opportunities/${opportunity.id}/photos/${photoId}/status`, {
        as: admin,
        json: { status },
      });
    expect((await review(first.id, 'approved')).status).toBe(200);
    expect((await review(second.id, 'rejected')).status).toBe(200);
    expect(await recordsFor('photo', first.id)).toEqual([
      {
        actor_id: admin.id,
        action: 'photo.approve',
        target_type: 'photo',
        target_id: String(first.id),
        outcome: 'success',
        detail: { opportunityId: opportunity.id, from: 'pending', to: 'approved' },
      },
    ]);
    expect(await recordsFor('photo', second.id)).toEqual([
      expect.objectContaining({ action: 'photo.reject', outcome: 'success', actor_id: admin.id }),
    ]);

    expect((await review(999999, 'approved')).status).toBe(404);
    expect(await recordsFor('photo', 999999)).toEqual([
      expect.objectContaining({
        action: 'photo.approve',
        outcome: 'failure',
        detail: { reason: API_MESSAGES.photoNotFound, status: 404, opportunityId: opportunity.id },
      }),
    ]);
    const photos = await app.sql<{ status: string }>(
      `SELECT status FROM event_photos WHERE opportunity_id = $1 ORDER BY id`,
      [opportunity.id],
    );
    expect(photos.map((p) => p.status)).toEqual(['approved', 'rejected']);
  });

  it('records a scheduled archive run that moved something once, with no actor', async () => {
    const past = await app.request<Opportunity>('POST', '/api/opportunities', {
      as: admin,
      json: opportunityBody({ title: 'Long over', date: new Date(Date.now() - 3 * 864e5) }),
    });
    expect(past.status).toBe(201);
    const archive = app.service.app.get(ArchiveService);
    expect(await archive.archivePast()).toEqual([past.body.id]);
    // A second run moves nothing and records nothing.
    expect(await archive.archivePast()).toEqual([]);
    expect(await recordsFor('opportunities', '')).toEqual([]);
    const runs = await app.sql<AuditRow>(
      `SELECT actor_id, action, target_type, target_id, outcome, detail FROM ${PUBLISHED_AUDIT_LOG}
        WHERE target_type = 'opportunities'`,
    );
    expect(runs).toEqual([
      {
        actor_id: null,
        action: 'opportunity.archive',
        target_type: 'opportunities',
        target_id: null,
        outcome: 'success',
        detail: { ids: [past.body.id], by: 'schedule' },
      },
    ]);
  });

  it('publishes each record as a valid audit.recorded event with the action’s time', async () => {
    const events = await app.sql<{ payload: unknown; created_at: string }>(
      `SELECT payload, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_at
         FROM outbox WHERE type = 'audit.recorded' AND payload->>'action' = 'photo.reject'`,
    );
    expect(events).toHaveLength(1);
    const payload = parseEventPayload('audit.recorded', events[0].payload);
    expect(payload).toMatchObject({
      service: 'svc-volunteer',
      actorId: admin.id,
      action: 'photo.reject',
      outcome: 'success',
      targetType: 'photo',
    });
    // The same transaction wrote both, so both carry its time.
    expect(payload.at).toBe(events[0].created_at);
  });
});
