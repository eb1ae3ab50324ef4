import { describe, expect, it } from 'vitest';
import { auditQuerySchema, auditRecordSchema } from './audit.schema';
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
      at: '2025-01-01T00:00:00.000Z',
    };
    expect(auditRecordSchema.parse(record)).toEqual(record);
  });
});
