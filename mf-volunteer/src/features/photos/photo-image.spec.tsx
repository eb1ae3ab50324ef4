import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from '@jest/globals';
import { PhotoImage } from './photo-image';
import { renderInArea, withVolunteerTexts } from '../../testing/render';

afterEach(cleanup);
withVolunteerTexts();

describe('PhotoImage', () => {
  it('shows the photo with its caption as the text alternative', () => {
    renderInArea(<PhotoImage src="https://photos.example.org/a.jpg" caption="Packing boxes" />);
    expect(screen.getByRole('img', { name: 'Packing boxes' }).tagName).toBe('IMG');
  });

  it('replaces a photo whose URL fails with a placeholder named by the caption', () => {
    renderInArea(<PhotoImage src="https://photos.example.org/gone.jpg" caption="Packing boxes" />);
    fireEvent.error(screen.getByRole('img', { name: 'Packing boxes' }));
    const placeholder = screen.getByRole('img', { name: 'Photo unavailable: Packing boxes' });
    expect(placeholder.tagName).toBe('DIV');
    expect(placeholder.textContent).toBe('Photo unavailable');
    expect(document.querySelector('img')).toBeNull();
  });

  it('tries again when the photo URL changes', () => {
    const { rerender } = renderInArea(<PhotoImage src="https://x.example/1.jpg" caption={null} />);
    fireEvent.error(screen.getByRole('img', { name: 'Event photo' }));
    expect(screen.getByRole('img', { name: 'Photo unavailable' })).toBeTruthy();
    rerender(<PhotoImage src="https://x.example/2.jpg" caption={null} />);
    expect(screen.getByRole('img', { name: 'Event photo' }).tagName).toBe('IMG');
  });
});
