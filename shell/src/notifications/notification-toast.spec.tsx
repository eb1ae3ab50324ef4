import { NOTIFICATION_TOAST, notificationMessage } from '@district/contracts';
import { changeLanguage, toast, Toaster, usePlatformStore } from '@district/ui';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from '@jest/globals';
import { NotificationQueue } from './notification-queue';
import { opportunityPath, randomIconColor, showNotificationToast } from './notification-toast';

afterEach(() => {
  cleanup();
  act(() => usePlatformStore.setState({ toasts: [] }));
});

const item = (title: string, location: string) => ({
  id: 1,
  type: 'new_opportunity' as const,
  data: { title, location },
});

describe('new-opportunity toast', () => {
  it('shows the spec texts and a coloured icon, one toast at a time', async () => {
    render(<Toaster />);
    act(() => void showNotificationToast(item('Food drive', 'Kenner'), 'purple'));
    expect(await screen.findByText('New Volunteer Opportunity!')).toBeTruthy();
    expect(screen.getByText('Food drive - Kenner')).toBeTruthy();
    const extra = screen.getByText(NOTIFICATION_TOAST.extraLine);
    expect(extra.getAttribute('data-icon-color')).toBe('purple');
    expect(extra.querySelector('svg.notification-toast__icon--purple')).toBeTruthy();

    act(() => void showNotificationToast(item('Park clean-up', 'Gretna'), 'blue'));
    expect(await screen.findByText('Park clean-up - Gretna')).toBeTruthy();
    expect(usePlatformStore.getState().toasts.filter((t) => t.open)).toHaveLength(1);
  });

  it('picks each of the four colours', () => {
    expect([0, 0.3, 0.6, 0.99].map((r) => randomIconColor(() => r))).toEqual([
      'yellow',
      'red',
      'purple',
      'blue',
    ]);
  });
});

describe('the toast leads to the new card (issue 14.6)', () => {
  it('offers "View", which opens /volunteer at the new opportunity', async () => {
    render(<Toaster />);
    const opened: string[] = [];
    const withId = {
      ...item('Food drive', 'Kenner'),
      data: { title: 'Food drive', location: 'Kenner', opportunityId: 42 },
    };
    act(() => void showNotificationToast(withId, 'blue', (path) => opened.push(path)));
    const view = await screen.findByRole('button', { name: 'View' });
    act(() => view.click());
    expect(opened).toEqual(['/volunteer#opportunity-42']);
  });

  it('without an opportunity id (an older feed), "View" opens /volunteer', () => {
    expect(opportunityPath(item('Food drive', 'Kenner'))).toBe('/volunteer');
  });
});

describe('notification queue', () => {
  it("waits for the user's own toast to close; a newer notification replaces an older one", async () => {
    render(<Toaster />);
    const shown: number[] = [];
    const queue = new NotificationQueue((i) => {
      shown.push(i.id ?? 0);
      return showNotificationToast(i, 'red');
    });
    let success!: ReturnType<typeof toast>;
    act(() => void (success = toast({ title: 'Opportunity created successfully' })));
    act(() => queue.push(item('Food drive', 'Kenner')));
    // The admin's own success toast stays on screen.
    expect(screen.getByText('Opportunity created successfully')).toBeTruthy();
    expect(shown).toEqual([]);

    act(() => success.dismiss());
    expect(await screen.findByText('Food drive - Kenner')).toBeTruthy();
    expect(shown).toEqual([1]);

    act(() => queue.push({ ...item('Park clean-up', 'Gretna'), id: 2 }));
    expect(await screen.findByText('Park clean-up - Gretna')).toBeTruthy();
    expect(shown).toEqual([1, 2]);
    expect(usePlatformStore.getState().toasts.filter((t) => t.open)).toHaveLength(1);
    queue.clear();
  });
});

describe('personal toast (issue 18)', () => {
  const promoted = {
    id: 9,
    type: 'personal' as const,
    data: {
      kind: 'waitlist.promoted',
      title: "You're signed up: Food drive",
      body: 'A spot opened up and you were next on the waitlist.',
      path: '/volunteer',
      opportunityId: 42,
    },
  };

  it('shows the words its service wrote, and "View" opens the card', async () => {
    render(<Toaster />);
    const opened: string[] = [];
    act(() => void showNotificationToast(promoted, 'blue', (path) => opened.push(path)));
    expect(await screen.findByText("You're signed up: Food drive")).toBeTruthy();
    expect(screen.getByText(promoted.data.body)).toBeTruthy();
    expect(screen.queryByText('New Volunteer Opportunity!')).toBeNull();
    act(() => screen.getByRole('button', { name: 'View' }).click());
    expect(opened).toEqual(['/volunteer#opportunity-42']);
  });

  it("is written in the reader's language when the service sent the catalogue entry (issue 22)", async () => {
    await changeLanguage('es');
    try {
      render(<Toaster />);
      const item = {
        ...promoted,
        data: {
          ...promoted.data,
          message: notificationMessage('waitlistPromoted', { title: 'Food drive' }),
        },
      };
      act(() => void showNotificationToast(item, 'blue', () => undefined));
      expect(await screen.findByText('Ya estás inscrito: Food drive')).toBeTruthy();
      expect(screen.queryByText("You're signed up: Food drive")).toBeNull();
    } finally {
      await changeLanguage('en');
    }
  });
});
