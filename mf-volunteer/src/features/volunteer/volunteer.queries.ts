import {
  apiPaths,
  type EventPhoto,
  type Opportunity,
  type OpportunityStatus,
  type SignupEntry,
  type WaitlistPlace,
} from '@district/contracts';
import { apiRequest, queryClient, toast } from '@district/ui';
import { useMutation, useQuery, type QueryKey } from '@tanstack/react-query';

// Query keys are URLs (the shared query function fetches their segments joined by "/").
export const opportunitiesKey = (status: OpportunityStatus): QueryKey => [
  apiPaths.opportunitiesByStatus(status),
];
export const signupsKey = (id: number): QueryKey => [apiPaths.opportunities, id, 'signups'];
const photosKey = (id: number): QueryKey => [apiPaths.opportunities, id, 'photos'];

export const useOpportunities = (status: OpportunityStatus) =>
  useQuery<Opportunity[]>({ queryKey: opportunitiesKey(status) });

export const useSignups = (id: number) => useQuery<SignupEntry[]>({ queryKey: signupsKey(id) });

// Ids of the opportunities the viewer signed up for (the "My sign-ups" filter).
export const useMySignups = () => useQuery<number[]>({ queryKey: [apiPaths.mySignups] });

// The viewer's places in waitlists (issue 18).
export const useMyWaitlist = () => useQuery<WaitlistPlace[]>({ queryKey: [apiPaths.myWaitlist] });

export const usePhotos = (id: number) => useQuery<EventPhoto[]>({ queryKey: photosKey(id) });

// Every read of this area (both lists, signups, photos, and the hours page's event selector)
// starts with /api/opportunities: after a change they all refetch, so no reload is ever needed.
export function refreshVolunteerData(): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => String(query.queryKey[0]).startsWith(apiPaths.opportunities),
  });
}

export async function sendJson<T>(
  method: 'POST' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
): Promise<T | null> {
  const res = await apiRequest(method, url, body);
  return res.status === 204 ? null : ((await res.json()) as T);
}

// A change to this area's data: send it, say what happened (the title is read when the answer
// arrives: the language may have changed meanwhile), run `onDone` (close a dialog), refresh every
// read, then `afterRefresh`. `refreshOnError`: a refusal (full, already signed up, fewer spaces
// than sign-ups) may mean the card is out of date, so show the truth.
export function useVolunteerChange<V = void, T = unknown>(options: {
  send: (variables: V) => Promise<T | null>;
  toastTitle: (result: T | null, variables: V) => string;
  onDone?: () => void;
  afterRefresh?: (result: T | null) => void;
  refreshOnError?: boolean;
}) {
  return useMutation({
    mutationFn: options.send,
    onSuccess: async (result, variables) => {
      toast({ title: options.toastTitle(result, variables) });
      options.onDone?.();
      await refreshVolunteerData();
      options.afterRefresh?.(result);
    },
    onSettled: (_data, error) =>
      error && options.refreshOnError ? refreshVolunteerData() : undefined,
  });
}
