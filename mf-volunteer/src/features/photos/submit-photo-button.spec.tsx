import type { Opportunity } from '@district/contracts';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { renderInArea, withVolunteerTexts } from '../../testing/render';
import { SubmitPhotoButton } from './submit-photo-button';

withVolunteerTexts();

const past: Opportunity = {
  id: 7,
  title: 'Levee cleanup',
  description: 'Pick up litter.',
  location: 'Metairie',
  date: new Date(2026, 0, 10, 9).toISOString(),
  endsAt: new Date(2026, 0, 10, 11).toISOString(),
  spaces: 5,
  filled: 2,
  status: 'archived',
};

// jsdom has no matchMedia: a phone says its pointer is coarse.
function pointer(coarse: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: coarse && query === '(pointer: coarse)',
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
}

const fileInputs = () =>
  [...document.querySelectorAll<HTMLInputElement>('input[type="file"]')].map((input) => ({
    name: input.name,
    accept: input.accept,
    capture: input.getAttribute('capture'),
    label: input.closest('label')?.textContent,
  }));

describe('the Submit Photos dialog (issue 33)', () => {
  const originalMatchMedia = window.matchMedia;
  let fetchMock: jest.Mock<typeof fetch>;
  beforeEach(() => {
    fetchMock = jest.fn<typeof fetch>(
      async () =>
        new Response(JSON.stringify({ id: 1 }), {
          status: 201,
          headers: { 'content-type': 'application/json' },
        }),
    );
    globalThis.fetch = fetchMock;
    URL.createObjectURL = () => 'blob:preview';
    URL.revokeObjectURL = () => undefined;
  });
  afterEach(() => {
    cleanup();
    window.matchMedia = originalMatchMedia;
  });

  it('offers the camera (capture="environment") and the photo library on a phone', async () => {
    pointer(true);
    renderInArea(<SubmitPhotoButton opportunity={past} />);
    fireEvent.click(screen.getByRole('button', { name: /Submit Photos/ }));
    await screen.findByText('Take a photo');
    expect(fileInputs()).toEqual([
      { name: 'photo', accept: 'image/*', capture: 'environment', label: 'Take a photo' },
      { name: 'photo', accept: 'image/*', capture: null, label: 'Choose a photo' },
    ]);
    expect(screen.getByLabelText('Photo URL')).toBeTruthy();
  });

  it('offers a plain file picker on a computer', () => {
    pointer(false);
    renderInArea(<SubmitPhotoButton opportunity={past} />);
    fireEvent.click(screen.getByRole('button', { name: /Submit Photos/ }));
    expect(fileInputs()).toEqual([
      { name: 'photo', accept: 'image/*', capture: null, label: 'Choose a photo' },
    ]);
  });

  it('refuses a file that is not an image before uploading anything', () => {
    pointer(false);
    renderInArea(<SubmitPhotoButton opportunity={past} />);
    fireEvent.click(screen.getByRole('button', { name: /Submit Photos/ }));
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(input, {
      target: { files: [new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' })] },
    });
    expect(screen.getByRole('alert').textContent).toBe('Please select an image file');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends a chosen photo as multipart with its caption, without asking for a URL', async () => {
    pointer(false);
    renderInArea(<SubmitPhotoButton opportunity={past} />);
    fireEvent.click(screen.getByRole('button', { name: /Submit Photos/ }));
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'IMG_0001.jpg', {
      type: 'image/jpeg',
    });
    fireEvent.change(document.querySelector<HTMLInputElement>('input[type="file"]')!, {
      target: { files: [photo] },
    });
    expect(screen.getByRole('img', { name: 'The photo you chose' })).toBeTruthy();
    expect(screen.queryByLabelText('Photo URL')).toBeNull();
    fireEvent.change(screen.getByLabelText('Caption'), { target: { value: 'Crew' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Submit Photo' }));
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/opportunities/7/photos');
    const body = init?.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get('caption')).toBe('Crew');
    expect(body.has('photo')).toBe(true);
  });
});
