import { describe, expect, it } from '@jest/globals';
import { AUDIT_ACTIONS, auditQuerySchema, auditRecordSchema } from './audit.schema';
import { validationErrors } from './errors';
import { paginationQuerySchema } from './pagination';

describe('paginationQuerySchema', () => {
  it('reads page numbers from query strings and leaves them optional', () => {
    expect(paginationQuerySchema.parse({})).toEqual({});
    expect(paginationQuerySchema.parse({ page: '2', pageSize: '50' })).toEqual({
      page: 2,
      pageSize: 50,
    });
    expect(paginationQuerySchema.parse({ page: '' })).toEqual({});
  });

  it('refuses nonsense pages', () => {
    expect(Object.keys(validationErrors(paginationQuerySchema, { page: '0' }))).toEqual(['page']);
    expect(Object.keys(validationErrors(paginationQuerySchema, { pageSize: '1000' }))).toEqual([
      'pageSize',
    ]);
    expect(validationErrors(paginationQuerySchema, { page: 'abc' })).toEqual({
      page: 'Expected number, received string',
    });
  });
});

describe('auditQuerySchema', () => {
  it('filters by actor, action and date range', () => {
    const q = auditQuerySchema.parse({
      actor: '3',
      action: 'user.delete',
      from: '2025-01-01',
      to: '',
    });
    expect(q.actor).toBe(3);
    expect(q.action).toBe('user.delete');
    expect(q.from?.toISOString()).toBe('2025-01-01T00:00:00.000Z');
    expect(q.to).toBeUndefined();
    const instant = auditQuerySchema.parse({ from: '2025-01-01T05:00:00.000Z' });
    expect(instant.from?.toISOString()).toBe('2025-01-01T05:00:00.000Z');
    for (const from of ['2025-02-30', '2025-02-30T00:00:00Z', 'yesterday'])
      expect(validationErrors(auditQuerySchema, { from })).toEqual({ from: 'Invalid date' });
  });

  it('refuses unknown actions', () => {
    expect(Object.keys(validationErrors(auditQuerySchema, { action: 'user.hack' }))).toEqual([
      'action',
    ]);
  });

  it('describes a record', () => {
    const record = {
      id: 'svc-auth:1',
      service: 'svc-auth',
      actorId: 1,
      action: 'user.roles.change',
      target: 'user:2',
      outcome: 'failure',
      detail: 'The last admin cannot be demoted',
      data: { reason: 'The last admin cannot be demoted', status: 409 },
      at: '2025-01-01T00:00:00.000Z',
    };
    expect(auditRecordSchema.parse(record)).toEqual(record);
  });

  it('describes what svc-auth merges: a system actor, no detail, another service', () => {
    const record = {
      id: 'svc-volunteer:7',
      service: 'svc-volunteer',
      actorId: null,
      actorName: null,
      action: 'opportunity.archive',
      target: 'opportunity:4',
      outcome: 'success',
      detail: null,
      data: null,
      at: '2026-11-21T23:28:00.123456Z',
    };
    expect(auditRecordSchema.parse(record)).toEqual(record);
  });

  it('refuses an action nobody records and a record without data', () => {
    const base = {
      id: 'svc-hours:1',
      service: 'svc-hours',
      actorId: 2,
      action: 'hours.approve',
      target: 'service-hours:1',
      outcome: 'success',
      data: null,
      at: '2026-11-21T23:28:00.123456Z',
    };
    expect(auditRecordSchema.safeParse(base).success).toBe(true);
    expect(auditRecordSchema.safeParse({ ...base, action: 'hours.delete' }).success).toBe(false);
    const { data: _data, ...withoutData } = base;
    expect(auditRecordSchema.safeParse(withoutData).success).toBe(false);
  });

  it('lists every action the services record', () => {
    expect(AUDIT_ACTIONS).toEqual(
      expect.arrayContaining([
        'opportunity.create',
        'opportunity.archive',
        'opportunity.reopen',
        'opportunity.delete',
        'photo.approve',
        'photo.reject',
        'blog.approve',
        'blog.reject',
        'hours.approve',
        'hours.reject',
      ]),
    );
  });
});
