import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from '@jest/globals';
import { changeLanguage } from '../i18n/i18n';
import { LanguageProvider } from '../i18n/react';
import { Combobox } from './combobox';
import { Dialog } from './dialog';
import { Field } from './field';
import { Input } from './input';
import { Spinner } from './spinner';

// Issue 22: the kit's own texts come from the shared catalogue's `kit` section, in the language
// in use, and follow a switch without a reload.
afterEach(async () => {
  cleanup();
  await act(() => changeLanguage('en'));
});

function Screen() {
  return (
    <>
      <Spinner />
      <Field label="Notes" optional>
        <Input />
      </Field>
      <Field label="Event">
        <Combobox
          options={[{ value: '1', label: 'Beach Clean-Up' }]}
          value=""
          onValueChange={() => undefined}
          listLabel="Events"
        />
      </Field>
    </>
  );
}

describe('kit texts', () => {
  it('are English by default and Spanish after a switch', async () => {
    render(
      <LanguageProvider>
        <Screen />
      </LanguageProvider>,
    );
    expect(screen.getByRole('status').textContent).toBe('Loading');
    expect(screen.getByText('(optional)')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Show all options' })).toBeTruthy();

    await act(() => changeLanguage('es'));
    expect(screen.getByRole('status').textContent).toBe('Cargando');
    expect(screen.getByText('(opcional)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mostrar todas las opciones' })).toBeTruthy();
    const combobox = await screen.findByRole('combobox', { name: 'Event' });
    fireEvent.change(combobox, { target: { value: 'zzz' } });
    expect(await screen.findByText('Sin resultados')).toBeTruthy();
  });

  it("name the dialog's close button in the language in use", async () => {
    render(
      <LanguageProvider>
        <Dialog open onOpenChange={() => undefined} title="Profile">
          <p>Body</p>
        </Dialog>
      </LanguageProvider>,
    );
    expect(await screen.findByRole('button', { name: 'Close' })).toBeTruthy();
    await act(() => changeLanguage('es'));
    expect(screen.getByRole('button', { name: 'Cerrar' })).toBeTruthy();
  });

  it('still have their texts outside the LanguageProvider (a remote unit test)', () => {
    render(<Spinner />);
    expect(screen.getByRole('status').textContent).toBe('Loading');
  });
});
