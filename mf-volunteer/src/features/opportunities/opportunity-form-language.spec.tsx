import { changeLanguage } from '@district/ui';
import { afterEach, describe, expect, it } from '@jest/globals';
import { act, cleanup, screen } from '@testing-library/react';
import { renderInArea, withVolunteerTexts } from '../../testing/render';
import { createRequest, defaultFormValues, OpportunityForm } from './opportunity-form';

withVolunteerTexts();
afterEach(async () => {
  cleanup();
  await act(() => changeLanguage('en'));
});

// The form's errors as the Create dialog gets them: the shared schema's English texts.
function renderChecked(values = defaultFormValues()) {
  const checked = createRequest(values);
  if (checked.ok) throw new Error('expected the form to be refused');
  renderInArea(
    <OpportunityForm
      id="form"
      values={values}
      onValuesChange={() => undefined}
      errors={checked.errors}
      onSubmit={() => undefined}
      allowRepeat
    />,
  );
}

const errorOf = (label: string) => {
  const field = screen.getByLabelText(label);
  const id = field
    .getAttribute('aria-describedby')
    ?.split(' ')
    .find((i) => i.endsWith('-error'));
  return id ? document.getElementById(id)?.textContent : undefined;
};

describe('the opportunity form in the language in use', () => {
  it('shows the labels and the field errors in Spanish, tied to their fields', async () => {
    await changeLanguage('es');
    renderChecked({ ...defaultFormValues(), title: 'Park', spaces: '0', repeat: true });
    expect(errorOf('Título')).toBeUndefined();
    expect(errorOf('Descripción')).toBe('Obligatorio');
    expect(errorOf('Ubicación')).toBe('Obligatorio');
    expect(errorOf('Lugares')).toBe('Debe haber al menos 1 lugar');
    expect(screen.getByLabelText('Repetir cada semana')).toBeTruthy();
    expect(screen.getByText(/^Entre 2 y 26, contando la primera fecha\./)).toBeTruthy();
  });

  it('keeps the English texts in English', () => {
    renderChecked({ ...defaultFormValues(), title: 'Park', spaces: '0' });
    expect(errorOf('Description')).toBe('Required');
    expect(errorOf('Spaces')).toBe('Spaces must be at least 1');
  });
});
