import {
  apiPaths,
  type AttendanceRecord,
  type CheckInCode,
  type RosterEntry,
} from '@district/contracts';
import { apiRequest, queryClient } from '@district/ui';
import { useMutation, useQuery, type QueryKey } from '@tanstack/react-query';

// Keys are URL segments (the shared query function joins them with "/").
const rosterKey = (id: number): QueryKey => [apiPaths.opportunities, id, 'roster'];
const checkInCodeKey = (id: number): QueryKey => [apiPaths.opportunities, id, 'check-in-code'];

export const useRoster = (id: number) => useQuery<RosterEntry[]>({ queryKey: rosterKey(id) });

// The code rotates every 30 s: fetch the next one when this one expires (while shown). Not
// before check-in opens (`enabled`): the service refuses it then.
export const useCheckInCode = (id: number, enabled = true) =>
  useQuery<CheckInCode>({
    queryKey: checkInCodeKey(id),
    enabled,
    refetchInterval: (query) => {
      const expiresAt = query.state.data?.expiresAt;
      if (!expiresAt) return false;
      return Math.max(1000, new Date(expiresAt).getTime() - Date.now() + 250);
    },
  });

async function sendAttendance<T>(method: 'PUT' | 'POST', url: string, body: unknown): Promise<T> {
  return (await (await apiRequest(method, url, body)).json()) as T;
}

export function useMarkAttendance(opportunityId: number) {
  return useMutation({
    mutationFn: ({ userId, attended }: { userId: number; attended: boolean }) =>
      sendAttendance<AttendanceRecord>(
        'PUT',
        apiPaths.opportunityAttendance(opportunityId, userId),
        { attended },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rosterKey(opportunityId) }),
  });
}

export function useCheckIn(opportunityId: number) {
  return useMutation({
    mutationFn: (code: string) =>
      sendAttendance<AttendanceRecord>('POST', apiPaths.opportunityCheckIn(opportunityId), {
        code,
      }),
    // The page shows the refusal itself (wrong code, not signed up, closed).
    meta: { errorToast: false },
  });
}

// "409: Check-in is open…" → the server's sentence.
export const errorText = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).replace(/^\d{3}: /, '');
