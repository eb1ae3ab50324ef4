import { apiPaths, type Opportunity, type Page } from '@district/contracts';
import { Button, EmptyState, Spinner, throwIfResNotOk, useT } from '@district/ui';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { refreshVolunteerData } from '../volunteer/volunteer-queries';
import { ArchivedCard } from './archived-card';

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
function useArchivedOpportunities() {
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

export function ArchivedOpportunities() {
  const list = useArchivedOpportunities();
  const { t, m } = useT();
  if (list.isPending) return <Spinner label={t('volunteer.archive.loading')} />;
  if (list.isError) {
    return (
      <EmptyState
        title={t('volunteer.archive.loadFailed')}
        description={list.error.message}
        action={
          <Button variant="outline" onClick={() => void refreshVolunteerData()}>
            {t('volunteer.list.tryAgain')}
          </Button>
        }
      />
    );
  }
  if (list.opportunities.length === 0) return <EmptyState description={m.empty.archivedEvents} />;
  const total = list.data.pages.at(-1)?.total ?? list.opportunities.length;
  return (
    <div className="finder__results">
      <ul className="opportunities">
        {list.opportunities.map((opportunity) => (
          <li key={opportunity.id}>
            <ArchivedCard opportunity={opportunity} />
          </li>
        ))}
      </ul>
      {list.hasNextPage ? (
        <Button
          variant="outline"
          className="finder__more"
          disabled={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          {list.isFetchingNextPage
            ? t('volunteer.archive.loadingMore')
            : t('volunteer.archive.showMore', { count: total - list.opportunities.length })}
        </Button>
      ) : null}
    </div>
  );
}
