import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { queryClient } from '../api/query-client';
import { usePlatformStore } from '../store/platform-store';
import {
  json,
  routeRelativeFetchTo,
  startTestServer,
  type TestServer,
} from '../testing/test-server';
import { AuthProvider, useAuth } from './auth-provider';

describe('useAuth', () => {
  it('refuses to run outside an AuthProvider with the spec message', () => {
    // React reports the thrown error on the console; keep the test output clean.
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useAuth())).toThrow(
      'useAuth must be used within an AuthProvider',
    );
    quiet.mockRestore();
  });
});

describe('AuthProvider', () => {
  let server: TestServer;
  let restoreFetch: () => void;
  const ada = {
    id: 7,
    name: 'Ada Lovelace',
    username: 'ada',
    email: 'ada@example.org',
    school: 'Jesuit High School',
    grade: 11,
    avatarUrl: null,
    serviceHours: 3,
    isAdmin: false,
    isSupervisor: false,
  };

  beforeAll(async () => {
    server = await startTestServer({
      'GET /api/user': (_req, res) => json(res, 401, { statusCode: 401, message: 'Unauthorized' }),
      'POST /api/login': (_req, res, body) =>
        JSON.parse(body).password === 'right-password'
          ? json(res, 200, ada)
          : json(res, 401, { statusCode: 401, message: 'Invalid username or password' }),
    });
    restoreFetch = routeRelativeFetchTo(server.origin);
  });
  afterAll(async () => {
    restoreFetch();
    await server.close();
  });

  function Probe() {
    const { user, isLoading, loginMutation } = useAuth();
    if (isLoading) return <p>loading</p>;
    return (
      <div>
        <p>{user ? `Welcome, ${user.name}` : 'signed out'}</p>
        <button onClick={() => loginMutation.mutate({ username: 'ada', password: 'wrong' })}>
          bad login
        </button>
        <button
          onClick={() => loginMutation.mutate({ username: 'ada', password: 'right-password' })}
        >
          login
        </button>
      </div>
    );
  }

  const wrap = (children: ReactNode) => (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>{children}</AuthProvider>
    </QueryClientProvider>
  );

  it('treats 401 as signed out, toasts a failed login and stores a successful one', async () => {
    render(wrap(<Probe />));
    expect(await screen.findByText('signed out')).toBeTruthy();

    act(() => screen.getByText('bad login').click());
    await waitFor(() =>
      expect(usePlatformStore.getState().toasts[0]).toMatchObject({
        title: 'Login failed',
        description: '401: Invalid username or password',
        variant: 'destructive',
      }),
    );

    act(() => screen.getByText('login').click());
    expect(await screen.findByText('Welcome, Ada Lovelace')).toBeTruthy();
    expect(usePlatformStore.getState().user).toMatchObject({ id: 7 });
  });
});
