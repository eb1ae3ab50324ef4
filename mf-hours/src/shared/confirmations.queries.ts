import {
  apiPaths,
  type HourConfirmationDecision,
  type HourConfirmationDecisionInput,
  type HourConfirmationView,
  type HoursSettings,
} from '@district/contracts';
import { apiRequest, currentLanguage, queryClient, throwIfResNotOk } from '@district/ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import { HOURS_KEY } from './hours.queries';
import { languageHeader } from './language';

// Issue 19: the organisation's confirmation link (public) and the student's resend.

// 404 (unknown link) and 410 (expired or used) are answers the page states plainly.
export type ConfirmationLookup =
  { state: 'open'; entry: HourConfirmationView } | { state: 'unknown' | 'gone'; message: string };

async function messageOf(res: Response): Promise<string> {
  const body = (await res.json().catch(() => null)) as { message?: unknown } | null;
  return typeof body?.message === 'string' ? body.message : res.statusText;
}

export function useHourConfirmation(token: string) {
  return useQuery<ConfirmationLookup, Error>({
    // Per language: its messages (an expired link) are the server's, in the language asked for.
    queryKey: [apiPaths.hourConfirmation(token), currentLanguage()],
    queryFn: async ({ signal }) => {
      const res = await fetch(apiPaths.hourConfirmation(token), {
        signal,
        headers: languageHeader(),
      });
      if (res.status === 404) return { state: 'unknown', message: await messageOf(res) };
      if (res.status === 410) return { state: 'gone', message: await messageOf(res) };
      await throwIfResNotOk(res);
      return { state: 'open', entry: (await res.json()) as HourConfirmationView };
    },
    retry: false,
  });
}

export function useDecideHours(token: string) {
  return useMutation<
    { decision: HourConfirmationDecision['decision'] },
    Error,
    HourConfirmationDecisionInput
  >({
    mutationFn: async (decision) =>
      (await apiRequest('POST', apiPaths.hourConfirmation(token), decision)).json(),
    // The page shows a failure inline.
    meta: { errorToast: false },
  });
}

export function useResendConfirmation() {
  return useMutation<void, Error, number>({
    mutationFn: async (id) => {
      await apiRequest('POST', apiPaths.serviceHoursConfirmationMail(id), {});
    },
    meta: { errorToast: false },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: HOURS_KEY }),
  });
}

const SETTINGS_KEY = [apiPaths.serviceHoursSettings] as const;

// Admins: whether a confirmation approves an entry by itself.
export function useHoursSettings() {
  return useQuery<HoursSettings, Error>({ queryKey: SETTINGS_KEY });
}

export function useUpdateHoursSettings() {
  return useMutation<HoursSettings, Error, HoursSettings>({
    mutationFn: async (settings) =>
      (await apiRequest('PATCH', apiPaths.serviceHoursSettings, settings)).json(),
    meta: { errorToast: false },
    onSuccess: (settings) => queryClient.setQueryData(SETTINGS_KEY, settings),
  });
}
