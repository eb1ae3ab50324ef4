import {
  apiPaths,
  type EventPhoto,
  type Opportunity,
  type OpportunityStatus,
  type SignupEntry,
  type WaitlistPlace,
} from '@district/contracts';
import { apiRequest, queryClient } from '@district/ui';
import { useQuery, type QueryKey } from '@tanstack/react-query';

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
