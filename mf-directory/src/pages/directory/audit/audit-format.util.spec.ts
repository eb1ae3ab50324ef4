import { AUDIT_ACTIONS } from '@district/contracts';
import { changeLanguage, registerCatalogue } from '@district/ui';
import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import en from '../../../locales/en.json';
import es from '../../../locales/es.json';
import { loadCatalogue } from '../../../i18n';
import {
  actionLabel,
  actorLabel,
  auditDetails,
  auditSentence,
  shortUserAgent,
  targetLabel,
  type AuditItem,
} from './audit-format.util';

beforeAll(() => registerCatalogue(loadCatalogue));
afterEach(() => changeLanguage('en'));

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.135 Mobile Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const WINDOWS_EDGE =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86';

function record(overrides: Partial<AuditItem>): AuditItem {
  return {
    id: '1',
    service: 'svc-volunteer',
    actorId: 1,
    actorName: 'Maria Lopez',
    action: 'opportunity.archive',
    target: 'opportunity:4',
    outcome: 'success',
    detail: null,
    data: { title: 'Beach clean-up', from: 'active', to: 'archived' },
    at: '2026-11-28T16:00:00.000Z',
    ...overrides,
  };
}

describe('audit labels', () => {
  // The keys are built from the action, so the i18n check cannot see them: this does.
  it('has a name and a sentence for every audited action, in both languages', () => {
    for (const catalogue of [en, es] as Record<string, string>[]) {
      expect(AUDIT_ACTIONS.filter((a) => !(`directory.audit.action.${a}` in catalogue))).toEqual(
        [],
      );
      // Role changes are worded per role granted or removed (roleGranted, roleRemoved).
      expect(
        AUDIT_ACTIONS.filter(
          (a) => a !== 'user.roles.change' && !(`directory.audit.sentence.${a}` in catalogue),
        ),
      ).toEqual([]);
    }
    expect(actionLabel('users.backup')).toBe('Backup download');
    expect(actionLabel('some.future.action')).toBe('some.future.action');
  });

  it('words actors and targets in the language in use', async () => {
    expect(actorLabel({ actorId: null })).toBe('Operator');
    expect(targetLabel({ target: 'user:2', data: { name: 'Sam' } })).toBe('Sam');
    expect(targetLabel({ target: 'user:2', data: null })).toBe('user 2');
    await changeLanguage('es');
    expect(actionLabel('users.backup')).toBe('Descarga de respaldo');
    expect(actorLabel({ actorId: 9, actorName: null })).toBe('Usuario eliminado n.º 9');
    expect(targetLabel({ target: 'users', data: null })).toBe('todos los usuarios');
  });
});

describe(auditSentence.name, () => {
  it('says what happened in one plain English sentence', () => {
    expect(auditSentence(record({}))).toBe(
      'Maria Lopez archived the opportunity “Beach clean-up”.',
    );
    const roles = record({
      action: 'user.roles.change',
      target: 'user:2',
      data: { name: 'Sam Soon', from: { isSupervisor: false }, to: { isSupervisor: true } },
    });
    expect(auditSentence(roles)).toBe('Maria Lopez made Sam Soon a supervisor.');
    expect(
      auditSentence({
        ...roles,
        data: { name: 'Sam Soon', from: { isAdmin: true }, to: { isAdmin: false } },
      }),
    ).toBe('Maria Lopez removed Sam Soon’s admin rights.');
    expect(
      auditSentence(record({ action: 'hours.approve', data: { userId: 3, hours: 4.5 } })),
    ).toBe('Maria Lopez approved 4.5 hours of service.');
    expect(
      auditSentence(
        record({ actorId: null, actorName: null, data: { ids: [1, 2, 3], by: 'schedule' } }),
      ),
    ).toBe('3 opportunities were archived after their events.');
    expect(
      auditSentence(
        record({
          outcome: 'failure',
          action: 'user.roles.change',
          data: { reason: 'The last admin cannot be demoted', status: 409 },
        }),
      ),
    ).toBe('Refused: Role change, tried by Maria Lopez (The last admin cannot be demoted).');
    expect(auditSentence(record({ action: 'some.future.action' }))).toBe(
      'Maria Lopez: some.future.action',
    );
  });

  it('says it in Spanish for a Spanish reader, numbers written the Spanish way', async () => {
    await changeLanguage('es');
    expect(auditSentence(record({}))).toBe('Maria Lopez archivó la oportunidad “Beach clean-up”.');
    expect(
      auditSentence(
        record({
          action: 'user.school.change',
          target: 'user:2',
          data: { name: 'Sam Soon', from: 'Jesuit High School', to: 'Chalmette High School' },
        }),
      ),
    ).toBe('Maria Lopez cambió a Sam Soon de Jesuit High School a Chalmette High School.');
    expect(auditSentence(record({ action: 'hours.approve', data: { userId: 3, hours: 1 } }))).toBe(
      'Maria Lopez aprobó 1 hora de servicio.',
    );
  });
});

describe(shortUserAgent.name, () => {
  it('keeps the browser and the system of a full user-agent string', async () => {
    expect(shortUserAgent(ANDROID_CHROME)).toBe('Chrome 131 on Android');
    expect(shortUserAgent(IPHONE_SAFARI)).toBe('Safari 17.5 on iOS');
    expect(shortUserAgent(WINDOWS_EDGE)).toBe('Edge 131 on Windows');
    expect(shortUserAgent('curl/8.5.0')).toBe('curl/8.5.0');
    await changeLanguage('es');
    expect(shortUserAgent(ANDROID_CHROME)).toBe('Chrome 131 en Android');
  });

  it('shows the details on demand with labels, the short browser and no raw agent', () => {
    const rows = auditDetails(
      record({
        service: 'svc-hours',
        action: 'hours.confirm',
        data: {
          decision: 'confirmed',
          contactEmail: 'lead@harvest.org',
          organisation: 'Second Harvest',
          clientAddress: '203.0.113.9',
          userAgent: ANDROID_CHROME,
          approved: true,
        },
      }),
    );
    expect(rows).toEqual(
      expect.arrayContaining([
        { label: 'Browser', value: 'Chrome 131 on Android' },
        { label: 'IP address', value: '203.0.113.9' },
        { label: 'Approved by it', value: 'Yes' },
      ]),
    );
    expect(JSON.stringify(rows)).not.toContain('Mozilla');
  });
});
