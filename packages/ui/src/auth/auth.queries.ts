import {
  apiPaths,
  type CurrentUser,
  type LoginInput,
  type RegisterBody,
} from '@district/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest, getQueryFn } from '../api/api-client';
import { queryClient } from '../api/query-client';
import { messages } from '../i18n/i18n';
import { toast, usePlatformStore } from '../store/platform-store';

// The current user's query key is its URL, like every other read. Issue 34: the shell's own
// check asks ?optional=1, so "nobody" is a 204, not a 401 the console logs on every signed-out load.
const USER_URL = `${apiPaths.user}?optional=1`;
export const CURRENT_USER_QUERY_KEY = [USER_URL] as const;

const fetchUser = getQueryFn<CurrentUser>({ on401: 'returnNull' });

// The store is the one place screens read the user from; the query only keeps it fresh.
export function setCurrentUser(user: CurrentUser | null): void {
  usePlatformStore.getState().setUser(user);
  queryClient.setQueryData(CURRENT_USER_QUERY_KEY, user);
}

// Reload the user from the server (after an avatar change, for example).
export async function refreshCurrentUser(): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
}

export const useCurrentUserQuery = () =>
  useQuery<CurrentUser | null, Error>({
    queryKey: CURRENT_USER_QUERY_KEY,
    queryFn: async (context) => {
      try {
        const result = await fetchUser(context);
        usePlatformStore.getState().setUser(result);
        return result;
      } catch (error) {
        // An unreachable session service must not leave every page spinning: treat as signed out.
        usePlatformStore.getState().setUser(null);
        throw error;
      }
    },
  });

export const useLogin = () =>
  useMutation<CurrentUser, Error, LoginInput>({
    mutationFn: async (credentials) =>
      (await apiRequest('POST', apiPaths.login, credentials)).json(),
    onSuccess: (loggedIn) => setCurrentUser(loggedIn),
    onError: (error) =>
      toast({
        title: messages().toasts.loginFailed,
        description: error.message,
        variant: 'destructive',
      }),
  });

export const useRegister = () =>
  useMutation<CurrentUser, Error, RegisterBody>({
    mutationFn: async (values) => (await apiRequest('POST', apiPaths.register, values)).json(),
    onSuccess: (registered) => setCurrentUser(registered),
    onError: (error) =>
      toast({
        title: messages().toasts.registrationFailed,
        description: error.message,
        variant: 'destructive',
      }),
  });

export const useLogout = () =>
  useMutation<void, Error, void>({
    mutationFn: async () => {
      await apiRequest('POST', apiPaths.logout);
    },
    onSuccess: () => {
      // Nothing cached for the previous user may leak into the next session.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== USER_URL });
      setCurrentUser(null);
    },
    onError: (error) =>
      toast({
        title: messages().toasts.logoutFailed,
        description: error.message,
        variant: 'destructive',
      }),
  });
