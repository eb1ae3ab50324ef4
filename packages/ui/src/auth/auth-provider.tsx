import {
  USE_AUTH_OUTSIDE_PROVIDER,
  type CurrentUser,
  type LoginInput,
  type RegisterBody,
} from '@district/contracts';
import type { UseMutationResult } from '@tanstack/react-query';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { usePlatformStore } from '../store/platform-store';
import {
  refreshCurrentUser,
  useCurrentUserQuery,
  useLogin,
  useLogout,
  useRegister,
} from './auth.queries';

export { CURRENT_USER_QUERY_KEY, refreshCurrentUser, setCurrentUser } from './auth.queries';

export interface AuthContextValue {
  user: CurrentUser | null;
  isLoading: boolean;
  error: Error | null;
  loginMutation: UseMutationResult<CurrentUser, Error, LoginInput>;
  registerMutation: UseMutationResult<CurrentUser, Error, RegisterBody>;
  logoutMutation: UseMutationResult<void, Error, void>;
  refreshUser: () => Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const user = usePlatformStore((s) => s.user);

  const userQuery = useCurrentUserQuery();
  const loginMutation = useLogin();
  const registerMutation = useRegister();
  const logoutMutation = useLogout();

  const value = useMemo<AuthContextValue>(
    () => ({
      user: user ?? null,
      isLoading: user === undefined,
      error: userQuery.error,
      loginMutation,
      registerMutation,
      logoutMutation,
      refreshUser: refreshCurrentUser,
    }),
    [user, userQuery.error, loginMutation, registerMutation, logoutMutation],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error(USE_AUTH_OUTSIDE_PROVIDER);
  return context;
}
