import { Button, EmptyState, Spinner, useT } from '@district/ui';
import { refreshVolunteerData } from '../volunteer/volunteer.queries';
import { ArchivedCard } from './archived-card';
import { useArchivedOpportunities } from './photos.queries';

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
