import type { SignupEntry } from '@district/contracts';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from '@jest/globals';
import { SIGNUP_PREVIEW_COUNT, SignupList } from './signup-list';
import { changeLanguage } from '@district/ui';
import { renderInArea, withVolunteerTexts } from '../../testing/render';

afterEach(cleanup);
withVolunteerTexts();

const people = (n: number, mineAt = -1): SignupEntry[] =>
  Array.from({ length: n }, (_, i) => ({
    name: `Student ${i + 1}`,
    school: 'Jesuit High School',
    mine: i === mineAt,
  }));
const isMine = (s: SignupEntry) => s.mine;

describe('SignupList', () => {
  it('shows the first few of 40 names and a keyboard-reachable button that reveals the rest', () => {
    renderInArea(<SignupList signups={people(40)} isMine={isMine} />);
    const list = screen.getByRole('list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(SIGNUP_PREVIEW_COUNT);
    expect(within(list).getByText('Student 1 from Jesuit High School')).toBeTruthy();

    const more = screen.getByRole('button', { name: 'Show all 40' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    expect(more.getAttribute('aria-controls')).toBe(list.id);
    fireEvent.click(more);
    expect(within(list).getAllByRole('listitem')).toHaveLength(40);
    const fewer = screen.getByRole('button', { name: 'Show fewer' });
    expect(fewer.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(fewer);
    expect(within(list).getAllByRole('listitem')).toHaveLength(SIGNUP_PREVIEW_COUNT);
  });

  it('always shows your own sign-up, even when it is far down the list', () => {
    renderInArea(<SignupList signups={people(40, 31)} isMine={isMine} />);
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items).toHaveLength(SIGNUP_PREVIEW_COUNT + 1);
    expect(items.at(-1)?.textContent).toBe('Student 32 from Jesuit High School');
    expect(items.at(-1)?.className).toBe('opportunity__person--you');
    expect(screen.getByRole('button', { name: 'Show all 40' })).toBeTruthy();
  });

  it('a short list has no button', () => {
    renderInArea(<SignupList signups={people(SIGNUP_PREVIEW_COUNT)} isMine={isMine} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(SIGNUP_PREVIEW_COUNT);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('names a student who hid themselves in the language of the screen, never "A student de …"', async () => {
    const hiddenPeer: SignupEntry = {
      name: 'A student',
      school: 'Chalmette High School',
      mine: false,
      anonymous: true,
    };
    renderInArea(<SignupList signups={[hiddenPeer]} isMine={isMine} />);
    expect(screen.getByText('A student from Chalmette High School')).toBeTruthy();
    cleanup();
    await changeLanguage('es');
    try {
      renderInArea(<SignupList signups={[hiddenPeer]} isMine={isMine} />);
      expect(screen.getByText('Un estudiante de Chalmette High School')).toBeTruthy();
      expect(screen.queryByText(/A student/)).toBeNull();
    } finally {
      await changeLanguage('en');
    }
  });
});
