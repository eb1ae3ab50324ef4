import { describe, expect, it } from '@jest/globals';
import { API_MESSAGES, VALIDATION } from '../messages';
import { OPPORTUNITY_EDIT_MESSAGES } from '../opportunity-edit.schema';
import { pickLanguage } from './languages';
import { SHARED_MESSAGES_ES } from './messages.es';
import { SHARED_MESSAGES } from './shared-messages';
import { isSharedMessage, registerSharedMessages, translateMessage } from './translate-message';

registerSharedMessages('es', SHARED_MESSAGES_ES);

describe('translateMessage', () => {
  it('translates a plain shared text into Spanish and leaves English alone', () => {
    expect(translateMessage(API_MESSAGES.invalidCredentials, 'es')).toBe(
      'Usuario o contraseña incorrectos',
    );
    expect(translateMessage(API_MESSAGES.invalidCredentials, 'en')).toBe(
      API_MESSAGES.invalidCredentials,
    );
  });

  it('carries the values of a parameterised text into the translation', () => {
    expect(translateMessage(VALIDATION.tooLong(200), 'es')).toBe(
      'Debe tener como máximo 200 caracteres',
    );
    expect(translateMessage(VALIDATION.expected('number', 'string'), 'es')).toBe(
      'Se esperaba number, se recibió string',
    );
    expect(translateMessage(OPPORTUNITY_EDIT_MESSAGES.spacesBelowSignups(7), 'es')).toBe(
      'Los lugares no pueden ser menos que los 7 estudiantes ya inscritos',
    );
  });

  it('returns a text it does not know unchanged, and says so', () => {
    expect(translateMessage('Something only this test says', 'es')).toBe(
      'Something only this test says',
    );
    expect(isSharedMessage('Something only this test says')).toBe(false);
    expect(isSharedMessage(VALIDATION.unrecognizedField('foo'))).toBe(true);
  });

  it('has a Spanish text for every entry, different from the English one where words differ', () => {
    const same: string[] = [];
    for (const [section, entries] of Object.entries(SHARED_MESSAGES)) {
      // { title, body } per entry, taking values: covered by renderNotification's tests.
      if (section === 'notifications') continue;
      for (const [key, english] of Object.entries(entries)) {
        const spanish = (SHARED_MESSAGES_ES as unknown as Record<string, Record<string, unknown>>)[
          section
        ][key];
        const en = typeof english === 'function' ? english('1', '2') : english;
        const es = typeof spanish === 'function' ? spanish('1', '2') : spanish;
        expect(typeof es).toBe('string');
        if (en === es && !['Error', ' - '].some((ok) => String(en).includes(ok)))
          same.push(`${section}.${key}`);
      }
    }
    expect(same).toEqual([]);
  });
});

describe('pickLanguage', () => {
  it('takes the first language the platform speaks, regional variants included', () => {
    expect(pickLanguage(['fr-FR', 'es-MX', 'en'])).toBe('es');
    expect(pickLanguage(['en-GB', 'es'])).toBe('en');
    expect(pickLanguage(['de'])).toBe('en');
    expect(pickLanguage(undefined)).toBe('en');
  });
});
