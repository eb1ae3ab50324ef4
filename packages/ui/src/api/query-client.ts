import { MutationCache, QueryClient } from '@tanstack/react-query';
import { toastError } from '../store/platform-store';
import { getQueryFn } from './api-client';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      // false: this mutation shows no toast on failure (SPEC §8: hour logging, status changes).
      errorToast?: boolean;
      // Title of the failure toast when not the generic "Error".
      errorTitle?: string;
    };
  }
}

// SPEC §8: a failed mutation shows the destructive "Error" toast with the server's message,
// unless the mutation handles its own error or opts out through `meta.errorToast: false`.
const mutationCache = new MutationCache({
  onError: (error, _variables, _context, mutation) => {
    if (mutation.options.onError || mutation.meta?.errorToast === false) return;
    toastError(error, mutation.meta?.errorTitle);
  },
});

// The one query client (shared as part of the @district/ui singleton). SPEC §7: cached reads
// never go stale and are never refetched on focus or on a timer; nothing is retried.
export const queryClient = new QueryClient({
  mutationCache,
  defaultOptions: {
    queries: {
      queryFn: getQueryFn({ on401: 'throw' }),
      staleTime: Infinity,
      refetchInterval: false,
      refetchOnWindowFocus: false,
      retry: false,
    },
    mutations: {
      retry: false,
    },
  },
});
