import {
  apiPaths,
  type ConfirmationFilter,
  type KeysetPage,
  type Opportunity,
  type ReviewStatus,
  type ServiceHoursLog,
  type ServiceHoursSummary,
} from '@district/contracts';
import { apiRequest, queryClient, throwIfResNotOk } from '@district/ui';
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  type InfiniteData,
  type QueryKey,
} from '@tanstack/react-query';
import { languageHeader } from './language';

// Every hours read starts with this key, so one invalidation refreshes them all.
export const HOURS_KEY = [apiPaths.serviceHours] as const;
// The same path as contracts' serviceHoursSummaryPath, without pulling zod into this page's bundle.
const SUMMARY_PATH = `${apiPaths.serviceHours}/summary`;
// Enough to fill a screen or two; the rest comes with "Show more", so a tab renders fast.
const REVIEW_PAGE_SIZE = 25;

async function getJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  const res = await fetch(url, { credentials: 'include', signal, headers: languageHeader() });
  // Same "<status>: <text>" error as every other read (SPEC §7).
  await throwIfResNotOk(res);
  return (await res.json()) as T;
}

function withQuery(path: string, params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

// The caller's own entries (the own-hours screen), whatever their role.
export function useMyHours() {
  return useQuery<ServiceHoursLog[], Error>({
    queryKey: [...HOURS_KEY, 'mine'],
    queryFn: ({ signal }) => getJson(withQuery(apiPaths.serviceHours, { mine: 'true' }), signal),
  });
}

// All opportunities for the event selector. Owned by svc-volunteer: when it is down the form
// simply offers no events (the selector is optional).
export function useOpportunities() {
  return useQuery<Opportunity[], Error>({ queryKey: [apiPaths.opportunities] });
}

export interface LogHoursPayload {
  hours: number;
  date: string;
  description: string;
  opportunityId?: number;
  // Issue 19: both or neither; the contact is e-mailed a confirmation link.
  organisation?: string;
  contactEmail?: string;
}

export function useLogHours() {
  return useMutation<ServiceHoursLog, Error, LogHoursPayload>({
    mutationFn: async (payload) =>
      (await apiRequest('POST', apiPaths.serviceHours, payload)).json(),
    // SPEC §8: no toast for logging; the form shows failures inline instead.
    meta: { errorToast: false },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: HOURS_KEY }),
  });
}

const SUMMARY_KEY = [...HOURS_KEY, 'summary'] as const;

// Stat cards, tab counts and the school list, overall and per school: one small request, and
// switching the school filter needs none.
export function useHoursSummary() {
  return useQuery<ServiceHoursSummary, Error>({
    queryKey: SUMMARY_KEY,
    queryFn: ({ signal }) => getJson(SUMMARY_PATH, signal),
  });
}

// confirmation (issue 19): narrows the tab by the organisation's answer.
const reviewListKey = (
  status: ReviewStatus,
  school: string | undefined,
  confirmation?: ConfirmationFilter,
): QueryKey => [...HOURS_KEY, 'review', status, school ?? '', confirmation ?? ''];

// Keyset pages (?limit&cursor): approving entries off the Pending tab, here or by another
// reviewer, never makes "Show more" skip or repeat one, as an offset would.
function fetchReviewPage(
  status: ReviewStatus,
  school: string | undefined,
  confirmation: ConfirmationFilter | undefined,
  cursor: string | null,
  signal?: AbortSignal,
) {
  return getJson<KeysetPage<ServiceHoursLog>>(
    withQuery(apiPaths.serviceHours, {
      status,
      school,
      confirmation,
      limit: REVIEW_PAGE_SIZE,
      cursor: cursor ?? undefined,
    }),
    signal,
  );
}

const nextPageParam = (last: KeysetPage<ServiceHoursLog>) => last.nextCursor ?? undefined;

// One tab of the supervisor page, 25 entries at a time, newest first (filtered on the server).
export function useReviewList(
  status: ReviewStatus,
  school: string | undefined,
  confirmation?: ConfirmationFilter,
) {
  return useInfiniteQuery<
    KeysetPage<ServiceHoursLog>,
    Error,
    InfiniteData<KeysetPage<ServiceHoursLog>>,
    QueryKey,
    string | null
  >({
    queryKey: reviewListKey(status, school, confirmation),
    queryFn: ({ pageParam, signal }) =>
      fetchReviewPage(status, school, confirmation, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: nextPageParam,
  });
}

// Warms a tab's first page so switching to it does not wait for the network.
export function prefetchReviewList(
  status: ReviewStatus,
  school: string | undefined,
  confirmation?: ConfirmationFilter,
): Promise<void> {
  return queryClient.prefetchInfiniteQuery({
    queryKey: reviewListKey(status, school, confirmation),
    queryFn: ({ pageParam, signal }) =>
      fetchReviewPage(status, school, confirmation, pageParam as string | null, signal),
    initialPageParam: null as string | null,
    getNextPageParam: nextPageParam,
  });
}

// A decision (a rejection with its reason, issue 33), or `pending`: the decision undone.
export interface ReviewPayload {
  id: number;
  status: ReviewStatus;
  reason?: string;
}

export function useReviewHours() {
  return useMutation<ServiceHoursLog, Error, ReviewPayload>({
    mutationFn: async ({ id, status, reason }) =>
      (
        await apiRequest('PATCH', apiPaths.serviceHoursStatus(id), {
          status,
          ...(reason ? { reason } : {}),
        })
      ).json(),
    // SPEC §8: no toast for status changes; the entry shows a failure inline.
    meta: { errorToast: false },
    // Refresh after failures too (a 409 means someone else decided first). Not awaited, so the
    // caller's callbacks run before the refetch can unmount the entry.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: HOURS_KEY }),
  });
}

// Issue 33: the student's corrected entry, sent again (pending).
export interface ResubmitPayload {
  id: number;
  hours: number;
  date: string;
  description: string;
  opportunityId?: number;
}

export function useResubmitHours() {
  return useMutation<ServiceHoursLog, Error, ResubmitPayload>({
    mutationFn: async ({ id, ...body }) =>
      (await apiRequest('PUT', apiPaths.serviceHoursEntry(id), body)).json(),
    // The dialog shows failures beside its fields.
    meta: { errorToast: false },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: HOURS_KEY }),
  });
}
