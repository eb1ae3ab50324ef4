import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from '@jest/globals';
import { Toaster } from '../components/toaster';
import { toast, usePlatformStore } from './platform-store';

afterEach(() => {
  act(() => usePlatformStore.setState({ toasts: [] }));
});

describe('toasts', () => {
  it('keeps one toast at a time: a new toast replaces the open one', () => {
    toast({ title: 'First' });
    toast({ title: 'Second', variant: 'destructive' });
    const { toasts } = usePlatformStore.getState();
    expect(toasts).toHaveLength(1);
    expect(toasts[0]).toMatchObject({ title: 'Second', variant: 'destructive', open: true });
  });

  it('shows only the newest toast on screen, with a close button', async () => {
    render(<Toaster />);
    act(() => {
      toast({
        title: 'Login failed',
        description: '401: Invalid username or password',
        variant: 'destructive',
      });
    });
    expect(await screen.findByText('Login failed')).toBeTruthy();
    act(() => {
      toast({ title: 'Reset link sent!', description: 'Check your inbox' });
    });
    expect(await screen.findByText('Reset link sent!')).toBeTruthy();
    expect(screen.queryByText('Login failed')).toBeNull();
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
  });

  it('closes and then forgets a dismissed toast', async () => {
    const handle = toast({ title: 'Bye' });
    act(() => handle.dismiss());
    expect(usePlatformStore.getState().toasts[0]?.open).toBe(false);
    await waitFor(() => expect(usePlatformStore.getState().toasts).toHaveLength(0), {
      timeout: 2000,
    });
  });
});
