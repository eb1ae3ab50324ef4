import { describe, expect, it } from '@jest/globals';
import { decodeAuditCursor, encodeAuditCursor } from './audit-cursor';
import { describeAuditDetail } from './audit-detail.util';

describe('audit cursor', () => {
  it('round-trips a position with microseconds and a bigint id', () => {
    const position = { at: '2026-11-21T23:28:00.123456Z', id: '9007199254740993' };
    expect(decodeAuditCursor(encodeAuditCursor(position))).toEqual(position);
  });

  it('refuses anything it did not write', () => {
    for (const bad of [
      'nonsense',
      '',
      Buffer.from('[1,2]').toString('base64url'),
      Buffer.from('["not a date","1"]').toString('base64url'),
      Buffer.from('["2026-01-01T00:00:00Z","1; DROP TABLE x"]').toString('base64url'),
    ])
      expect(decodeAuditCursor(bad)).toBeUndefined();
  });
});

describe('describeAuditDetail', () => {
  it('prefers the failure reason, else lists the fields', () => {
    expect(describeAuditDetail({ reason: 'The last admin cannot be demoted', status: 409 })).toBe(
      'The last admin cannot be demoted',
    );
    expect(describeAuditDetail({ from: 'A', to: 'B' })).toBe('from: "A", to: "B"');
    expect(describeAuditDetail(null)).toBeNull();
    expect(describeAuditDetail({})).toBeNull();
  });
});
