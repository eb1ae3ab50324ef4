import { AUDIT_ACTIONS } from '@district/contracts';
import { changeLanguage, registerCatalogue } from '@district/ui';
import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import en from '../../../locales/en.json';
import { loadCatalogue } from '../../../i18n';
import { actionLabel, actorLabel, changeLabel, targetLabel } from './audit-format.util';

beforeAll(() => registerCatalogue(loadCatalogue));
afterEach(() => changeLanguage('en'));

describe('audit labels', () => {
  // The keys are built from the action, so the i18n check cannot see them: this does.
  it('has a name for every audited action', () => {
    const missing = AUDIT_ACTIONS.filter((a) => !(`directory.audit.action.${a}` in en));
    expect(missing).toEqual([]);
    expect(actionLabel('users.backup')).toBe('Backup download');
    expect(actionLabel('some.future.action')).toBe('some.future.action');
  });

  it('words actors, targets and role changes in the language in use', async () => {
    const roleChange = {
      action: 'user.roles.change',
      outcome: 'success' as const,
      detail: null,
      data: { from: { isSupervisor: false }, to: { isSupervisor: true } },
    };
    expect(actorLabel({ actorId: null })).toBe('Operator');
    expect(targetLabel({ target: 'user:2', data: { name: 'Sam' } })).toBe('Sam (user 2)');
    expect(changeLabel(roleChange)).toBe('Made supervisor');

    await changeLanguage('es');
    expect(actionLabel('users.backup')).toBe('Descarga de respaldo');
    expect(actorLabel({ actorId: 9, actorName: null })).toBe('Usuario eliminado n.º 9');
    expect(targetLabel({ target: 'users', data: null })).toBe('todos los usuarios');
    expect(changeLabel(roleChange)).toBe('Ahora es supervisor');
  });
});
