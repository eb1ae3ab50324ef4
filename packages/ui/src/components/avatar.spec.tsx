import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from '@jest/globals';
import { Avatar, initials } from './avatar';

afterEach(cleanup);

describe('Avatar', () => {
  it('shows initials when there is no picture', () => {
    const { container } = render(<Avatar name="Ada Lovelace" />);
    expect(container.querySelector('.ui-avatar')?.textContent).toBe('AL');
  });

  it('shows initials at once while a picture loads or fails: never an empty circle', () => {
    // jsdom never loads the image, so the picture stays "loading", as a slow or dead URL would.
    const { container } = render(<Avatar name="Grace Brewster Hopper" src="/missing.png" />);
    expect(container.querySelector('.ui-avatar')?.textContent).toBe('GH');
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('makes initials from the first and last word', () => {
    expect(initials('cher')).toBe('C');
    expect(initials('  ada   lovelace ')).toBe('AL');
    expect(initials('   ')).toBe('?');
  });
});
