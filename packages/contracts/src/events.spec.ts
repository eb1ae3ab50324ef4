import { describe, expect, it } from '@jest/globals';
import {
  EVENT_CONSUMERS,
  EVENT_PAYLOAD_SCHEMAS,
  EVENT_PRODUCERS,
  EVENT_TYPES,
  eventQueueName,
  eventsConsumedBy,
  isEventType,
  parseDomainEvent,
} from './events';

describe('event routing', () => {
  it('routes exactly as docs/architecture.md says', () => {
    expect(EVENT_CONSUMERS).toEqual({
      'user.registered': ['svc-volunteer', 'svc-content', 'svc-hours'],
      'user.updated': ['svc-volunteer', 'svc-content', 'svc-hours'],
      'user.deleted': ['svc-volunteer', 'svc-content', 'svc-hours'],
      'opportunity.created': ['svc-content', 'svc-hours'],
      'opportunity.updated': ['svc-hours'],
      'opportunity.deleted': ['svc-hours'],
      'hours.approved': ['svc-auth'],
      'audit.recorded': ['svc-auth'],
      'notification.requested': ['svc-auth', 'svc-content'],
      'attendance.recorded': ['svc-hours'],
      'hours.revoked': ['svc-auth'],
    });
  });

  it('never sends an event back to its producer', () => {
    for (const type of Object.values(EVENT_TYPES)) {
      for (const producer of EVENT_PRODUCERS[type])
        expect(EVENT_CONSUMERS[type]).not.toContain(producer);
      expect(EVENT_PAYLOAD_SCHEMAS[type]).toBeDefined();
    }
  });

  it('names one queue per consumer', () => {
    expect(eventQueueName('svc-content')).toBe('events-svc-content');
    expect(eventQueueName('svc-auth')).toBe('events-svc-auth');
  });

  it('lists what each service must handle', () => {
    expect(eventsConsumedBy('svc-content')).toEqual([
      'user.registered',
      'user.updated',
      'user.deleted',
      'opportunity.created',
      'notification.requested',
    ]);
    expect(eventsConsumedBy('svc-auth')).toEqual([
      'hours.approved',
      'audit.recorded',
      'notification.requested',
      'hours.revoked',
    ]);
    expect(eventsConsumedBy('svc-hours')).toEqual([
      'user.registered',
      'user.updated',
      'user.deleted',
      'opportunity.created',
      'opportunity.updated',
      'opportunity.deleted',
      'attendance.recorded',
    ]);
  });
});

describe('parseDomainEvent', () => {
  it('validates the envelope and the payload of its type', () => {
    const event = {
      id: 'e1',
      type: 'hours.approved',
      payload: { logId: 3, userId: 7, hours: 1.5 },
      occurredAt: '2030-01-01T00:00:00.000Z',
    };
    expect(parseDomainEvent(event)).toEqual(event);
    expect(() => parseDomainEvent({ ...event, payload: { logId: 3 } })).toThrow();
    expect(() => parseDomainEvent({ ...event, type: 'hours.deleted' })).toThrow();
  });

  it('carries the user replica fields', () => {
    const payload = {
      id: 1,
      name: 'Jane',
      school: 'Jesuit High School',
      grade: 10,
      avatarUrl: null,
      isAdmin: false,
      isSupervisor: true,
      directoryVisible: false,
      language: 'es',
    };
    const event = {
      id: 'e2',
      type: 'user.updated',
      payload,
      occurredAt: '2030-01-01T00:00:00.000Z',
    };
    // An event queued before issue 31 reads as an active account.
    expect(parseDomainEvent(event).payload).toEqual({
      ...payload,
      restricted: false,
      active: true,
    });
    // An event queued before issue 20 reads as visible, in English.
    const { directoryVisible: _v, language: _l, ...older } = payload;
    expect(parseDomainEvent({ ...event, payload: older }).payload).toEqual({
      ...older,
      directoryVisible: true,
      language: 'en',
      restricted: false,
      active: true,
    });
    expect(isEventType('user.deleted')).toBe(true);
    expect(isEventType('toString')).toBe(false);
  });

  it('carries an audit record with its original time, to the microsecond', () => {
    const payload = {
      sourceId: '0b6f8a4e-6f3a-4d8e-9d1c-2a7b5c9e1f00',
      service: 'svc-volunteer',
      at: '2026-11-21T23:28:00.123456Z',
      actorId: 4,
      action: 'opportunity.archive',
      targetType: 'opportunity',
      targetId: '12',
      outcome: 'success',
      detail: { from: 'active', to: 'archived' },
    };
    const event = { id: 'e3', type: 'audit.recorded', payload, occurredAt: payload.at };
    expect(parseDomainEvent(event).payload).toEqual(payload);
    for (const bad of [
      { at: '2026-11-21 23:28' },
      { action: 'user.rename' },
      { service: 'svc-nope' },
      { sourceId: '12' },
    ])
      expect(() => parseDomainEvent({ ...event, payload: { ...payload, ...bad } })).toThrow();
  });
});
