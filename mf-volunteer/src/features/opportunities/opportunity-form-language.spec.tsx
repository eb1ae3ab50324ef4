import { createOpportunityFormSchema } from '@district/contracts';
import { changeLanguage, useSchemaForm } from '@district/ui';
import { afterEach, describe, expect, it } from '@jest/globals';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { renderInArea, withVolunteerTexts } from '../../testing/render';
import {
  createInput,
  defaultFormValues,
  OpportunityForm,
  type OpportunityFormValues,
} from './opportunity-form';

withVolunteerTexts();
afterEach(async () => {
  cleanup();
  await act(() => changeLanguage('en'));
});

// The form as the Create dialog holds it, submitted: the shared schema's English texts.
function CreateForm({ initial }: { initial: OpportunityFormValues }) {
  const form = useSchemaForm({
    initial,
    schema: createOpportunityFormSchema,
    toInput: createInput,
    onValid: () => {
      throw new Error('expected the form to be refused');
    },
  });
  return <OpportunityForm id="form" form={form} allowRepeat />;
}

async function renderChecked(values = defaultFormValues()) {
  renderInArea(<CreateForm initial={values} />);
  // The area's texts load first.
  const form = (await screen.findByLabelText(/^(Title|Título)$/)).closest('form')!;
  await act(async () => void fireEvent.submit(form));
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
    await renderChecked({ ...defaultFormValues(), title: 'Park', spaces: '0', repeat: true });
    expect(errorOf('Título')).toBeUndefined();
    expect(errorOf('Descripción')).toBe('Obligatorio');
    expect(errorOf('Ubicación')).toBe('Obligatorio');
    expect(errorOf('Lugares')).toBe('Debe haber al menos 1 lugar');
    expect(screen.getByLabelText('Repetir cada semana')).toBeTruthy();
    expect(screen.getByText(/^Entre 2 y 26, contando la primera fecha\./)).toBeTruthy();
  });

  it('keeps the English texts in English', async () => {
    await renderChecked({ ...defaultFormValues(), title: 'Park', spaces: '0' });
    expect(errorOf('Description')).toBe('Required');
    expect(errorOf('Spaces')).toBe('Spaces must be at least 1');
  });
});
