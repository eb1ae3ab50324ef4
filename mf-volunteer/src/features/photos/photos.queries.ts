import {
  apiPaths,
  type EventPhoto,
  type Opportunity,
  type Page,
  type ReviewDecision,
} from '@district/contracts';
import { messages, throwIfResNotOk } from '@district/ui';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { sendJson, useVolunteerChange } from '../volunteer/volunteer.queries';

// Past events a page at a time (issue 14.5): each card also loads its photos, and the archive
// only grows. The spec's plain call (?status=archived, the whole array) stays for other clients.
const ARCHIVED_PAGE_SIZE = 12;

async function fetchArchivedPage(page: number, signal: AbortSignal): Promise<Page<Opportunity>> {
  const query = new URLSearchParams({
    status: 'archived',
    page: String(page),
    pageSize: String(ARCHIVED_PAGE_SIZE),
  });
  const res = await fetch(`${apiPaths.opportunities}?${query}`, {
    credentials: 'include',
    signal,
  });
  await throwIfResNotOk(res);
  return (await res.json()) as Page<Opportunity>;
}

// The key starts with the list's URL, so refreshVolunteerData (and a new-opportunity
// notification) refreshes it with every other read of this area.
export function useArchivedOpportunities() {
  const query = useInfiniteQuery({
    queryKey: [apiPaths.opportunitiesByStatus('archived'), 'pages'],
    queryFn: ({ pageParam, signal }) => fetchArchivedPage(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.page * last.pageSize < last.total ? last.page + 1 : undefined,
  });
  // An event archived while pages load shifts the offsets: the same one may come twice.
  const opportunities = useMemo(() => {
    const seen = new Set<number>();
    return (query.data?.pages ?? [])
      .flatMap((page) => page.items)
      .filter((o) => !seen.has(o.id) && Boolean(seen.add(o.id)));
  }, [query.data]);
  return { ...query, opportunities };
}

// Admin moderation of one photo: approve, or reject (hide).
export const useReviewPhoto = (photo: EventPhoto) =>
  useVolunteerChange<ReviewDecision, EventPhoto>({
    send: (status) =>
      sendJson<EventPhoto>(
        'PATCH',
        apiPaths.opportunityPhotoStatus(photo.opportunityId, photo.id),
        {
          status,
        },
      ),
    toastTitle: () => messages().toasts.photoStatusUpdated,
  });

// A student's photo of a past event, by URL (JSON) or as a file from the phone (issue 33:
// multipart FormData, `photo` and `caption`); it shows after an admin approves.
export const useSubmitPhoto = (opportunityId: number, onDone: () => void) =>
  useVolunteerChange<
    { opportunityId: number; photoUrl: string; caption: string } | FormData,
    EventPhoto
  >({
    send: (body) => sendJson<EventPhoto>('POST', apiPaths.opportunityPhotos(opportunityId), body),
    toastTitle: () => messages().toasts.photoSubmitted,
    onDone,
  });
