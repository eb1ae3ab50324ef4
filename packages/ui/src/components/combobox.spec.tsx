import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from '@jest/globals';
import { Field } from './field';
import { Combobox } from './combobox';
import { filterOptions } from './combobox-impl';

const OPTIONS = [
  { value: 'none', label: 'No related event' },
  ...Array.from({ length: 57 }, (_, i) => ({
    value: String(i + 1),
    label: i === 41 ? 'Beach Clean-Up (June 3, 2026)' : `Food Drive ${i + 1}`,
  })),
];

function Form() {
  const [value, setValue] = useState('none');
  return (
    <>
      <Field label="Related event">
        <Combobox options={OPTIONS} value={value} onValueChange={setValue} listLabel="Events" />
      </Field>
      <output data-testid="chosen">{value}</output>
    </>
  );
}

async function input(): Promise<HTMLInputElement> {
  return (await screen.findByRole('combobox', { name: 'Related event' })) as HTMLInputElement;
}

afterEach(cleanup);

describe('Combobox', () => {
  it('matches every typed word, in any order, ignoring case and accents', () => {
    expect(filterOptions(OPTIONS, 'clean BEACH').map((o) => o.value)).toEqual(['42']);
    expect(filterOptions([{ value: 'x', label: 'Café crawl' }], 'cafe')).toHaveLength(1);
    expect(filterOptions(OPTIONS, '  ')).toHaveLength(OPTIONS.length);
  });

  it('is an ARIA combobox named by its label, showing the chosen option', async () => {
    render(<Form />);
    const box = await input();
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(box.getAttribute('aria-autocomplete')).toBe('list');
    expect(box.value).toBe('No related event');
  });

  it('narrows the list as you type; arrows move the highlight and Enter picks', async () => {
    render(<Form />);
    const box = await input();
    fireEvent.change(box, { target: { value: 'beach' } });
    const list = screen.getByRole('listbox', { name: 'Events' });
    expect(box.getAttribute('aria-expanded')).toBe('true');
    expect(box.getAttribute('aria-controls')).toBe(list.id);
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Beach Clean-Up (June 3, 2026)']);

    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0]?.id);
    expect(options[0]?.hasAttribute('data-highlighted')).toBe(true);
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(screen.getByTestId('chosen').textContent).toBe('42');
    expect(box.value).toBe('Beach Clean-Up (June 3, 2026)');
    expect(box.getAttribute('aria-expanded')).toBe('false');
  });

  it('says so when nothing matches', async () => {
    render(<Form />);
    const box = await input();
    fireEvent.change(box, { target: { value: 'zzz-nothing' } });
    expect(screen.getByText('No matches').getAttribute('role')).toBe('status');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it('Escape closes the list and leaves the choice and its label as they were', async () => {
    render(<Form />);
    const box = await input();
    fireEvent.change(box, { target: { value: 'food' } });
    expect(screen.getAllByRole('option').length).toBeGreaterThan(50);
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(box.value).toBe('No related event');
    expect(screen.getByTestId('chosen').textContent).toBe('none');
  });

  it('opening it again after a choice shows every option, not only the chosen one', async () => {
    render(<Form />);
    const box = await input();
    fireEvent.change(box, { target: { value: 'drive 7' } });
    fireEvent.click(screen.getByRole('option', { name: 'Food Drive 7' }));
    expect(screen.getByTestId('chosen').textContent).toBe('7');
    fireEvent.click(box);
    expect(screen.getAllByRole('option')).toHaveLength(OPTIONS.length);
  });
});

describe('Combobox with options that arrive later', () => {
  it('shows the chosen option’s current label once the options load', async () => {
    const { rerender } = render(
      <Combobox
        aria-label="Event"
        options={[{ value: 'none', label: 'No events available' }]}
        value="none"
        onValueChange={() => undefined}
      />,
    );
    const box = (await screen.findByRole('combobox', { name: 'Event' })) as HTMLInputElement;
    expect(box.value).toBe('No events available');
    rerender(
      <Combobox
        aria-label="Event"
        options={OPTIONS}
        value="none"
        onValueChange={() => undefined}
      />,
    );
    expect(box.value).toBe('No related event');
  });
});
