import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { SchoolPicker } from './school-picker';

afterEach(() => cleanup());

function renderPicker(onValueChange = jest.fn()) {
  render(
    <SchoolPicker
      id="school-of-5"
      label="School of Ana"
      value="Jesuit High School"
      placeholder="Choose a school"
      disabled={false}
      onValueChange={onValueChange}
    />,
  );
  return screen.getByRole('combobox', { name: 'School of Ana' });
}

describe('SchoolPicker', () => {
  it('shows the current school on a cheap look-alike until someone reaches for it', () => {
    const lookalike = renderPicker();
    expect(lookalike.dataset.lookalike).toBe('');
    expect(lookalike.textContent).toBe('Jesuit High School');
    expect(lookalike.getAttribute('aria-expanded')).toBe('false');
  });

  it('puts the real Select in its place on pointer entry, at once', async () => {
    const lookalike = renderPicker();
    act(() => {
      fireEvent.pointerEnter(lookalike);
    });
    await waitFor(() => {
      const trigger = screen.getByRole('combobox', { name: 'School of Ana' });
      expect(trigger.dataset.lookalike).toBeUndefined();
      expect((trigger as HTMLButtonElement).disabled).toBe(false);
    });
  });

  it('hands keyboard focus over to the real trigger', async () => {
    const lookalike = renderPicker();
    act(() => lookalike.focus());
    await waitFor(() => {
      const focused = document.activeElement as HTMLElement;
      expect(focused.id).toBe('school-of-5');
      expect(focused.dataset.lookalike).toBeUndefined();
    });
  });
});
