import { describe, expect, it } from '@jest/globals';
import { checkInOpen, CheckInCodes, eventHours } from './check-in-code';

const codes = new CheckInCodes('a-test-secret-of-at-least-32-characters!');
const at = (iso: string) => new Date(iso);

describe('check-in codes', () => {
  it('gives six digits that change every 30 seconds and differ between opportunities', () => {
    const first = codes.current(7, at('2026-05-01T10:00:05Z'));
    expect(first.code).toMatch(/^\d{6}$/);
    expect(first.expiresAt.toISOString()).toBe('2026-05-01T10:00:30.000Z');
    expect(codes.current(7, at('2026-05-01T10:00:29Z')).code).toBe(first.code);
    expect(codes.current(7, at('2026-05-01T10:00:31Z')).code).not.toBe(first.code);
    expect(codes.current(8, at('2026-05-01T10:00:05Z')).code).not.toBe(first.code);
  });

  it('accepts the current and the previous window only', () => {
    const { code } = codes.current(7, at('2026-05-01T10:00:05Z'));
    expect(codes.verify(7, code, at('2026-05-01T10:00:20Z'))).toBe(true);
    expect(codes.verify(7, code, at('2026-05-01T10:00:45Z'))).toBe(true);
    expect(codes.verify(7, code, at('2026-05-01T10:01:01Z'))).toBe(false);
    // Not a code from the future (read off a clock running ahead), nor another event's.
    expect(codes.verify(7, code, at('2026-05-01T09:59:50Z'))).toBe(false);
    expect(codes.verify(8, code, at('2026-05-01T10:00:20Z'))).toBe(false);
  });

  it('depends on the secret', () => {
    const other = new CheckInCodes('another-secret-of-at-least-32-characters');
    const when = at('2026-05-01T10:00:05Z');
    expect(other.current(7, when).code).not.toBe(codes.current(7, when).code);
  });
});

describe('check-in window and hours', () => {
  const start = at('2026-05-01T10:00:00Z');
  const end = at('2026-05-01T12:00:00Z');
  it('is open from an hour before the start to an hour after the end', () => {
    expect(checkInOpen(start, end, at('2026-05-01T08:59:59Z'))).toBe(false);
    expect(checkInOpen(start, end, at('2026-05-01T09:00:00Z'))).toBe(true);
    expect(checkInOpen(start, end, at('2026-05-01T13:00:00Z'))).toBe(true);
    expect(checkInOpen(start, end, at('2026-05-01T13:00:01Z'))).toBe(false);
  });

  it('rounds the duration to the nearest half hour, at least half an hour', () => {
    expect(eventHours(start, end)).toBe(2);
    expect(eventHours(start, at('2026-05-01T12:20:00Z'))).toBe(2.5);
    expect(eventHours(start, at('2026-05-01T12:14:00Z'))).toBe(2);
    expect(eventHours(start, at('2026-05-01T10:05:00Z'))).toBe(0.5);
  });
});
