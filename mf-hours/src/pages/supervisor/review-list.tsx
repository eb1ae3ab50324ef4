import {
  REVIEW_STATUSES,
  type ConfirmationFilter,
  type ReviewDecision,
  type ReviewStatus,
  type ServiceHoursLog,
} from '@district/contracts';
import { Button, EmptyState, Spinner, useT } from '@district/ui';
import { memo, useEffect, useRef, useState } from 'react';
import { errorText, formatHours } from '../../shared/format';
import { HoursEntry } from '../../shared/hours-entry';
import { prefetchReviewList, useReviewHours, useReviewList } from '../../shared/hours.queries';

// Catalogue keys per tab.
const EMPTY: Record<ReviewStatus, string> = {
  pending: 'hours.review.emptyPending',
  approved: 'hours.review.emptyApproved',
  rejected: 'hours.review.emptyRejected',
};
const LIST_LABELS: Record<ReviewStatus, string> = {
  pending: 'hours.review.listPending',
  approved: 'hours.review.listApproved',
  rejected: 'hours.review.listRejected',
};

export interface ReviewListProps {
  status: ReviewStatus;
  school: string | undefined;
  // Issue 19: only entries with this answer from the organisation.
  confirmation?: ConfirmationFilter;
  reviewerId: number;
  // The visible tab warms the other tabs once its own entries are in.
  active: boolean;
}

// One tab: 25 entries at a time (keyset pages), newest first, with "Show more" for the rest.
export function ReviewList({ status, school, confirmation, reviewerId, active }: ReviewListProps) {
  const { t } = useT();
  const list = useReviewList(status, school, confirmation);
  const loaded = list.data !== undefined;
  // After the visible tab (never competing with it), so switching tab shows entries at once.
  useEffect(() => {
    if (!active || !loaded) return;
    for (const other of REVIEW_STATUSES)
      if (other !== status) void prefetchReviewList(other, school, confirmation);
  }, [active, loaded, status, school, confirmation]);
  // Shown above the list: after a 409 the entry leaves this tab, so a message on it would vanish.
  const [failure, setFailure] = useState<string | null>(null);
  // A decided entry leaves the list with the button that had the focus: the keyboard moves on
  // to the entry now in its place instead of back to the top of the page (WCAG 2.4.3).
  const listRef = useRef<HTMLUListElement>(null);
  const decided = useRef<{ id: string; index: number } | null>(null);
  useEffect(() => {
    const at = decided.current;
    if (!at) return;
    const items = listRef.current?.querySelectorAll<HTMLElement>(':scope > li');
    if (items && [...items].some((li) => li.dataset.entryId === at.id)) return;
    decided.current = null;
    if (document.activeElement !== document.body) return;
    // The last entry gone (the list gave way to its empty state): the tab it was listed under.
    const next =
      items && items.length > 0
        ? items[Math.min(at.index, items.length - 1)]?.querySelector<HTMLElement>(
            'button:not(:disabled)',
          )
        : document.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
    next?.focus();
  });
  // A failed "Show more" keeps the entries already shown; only a failed first page replaces them.
  if (list.isError && !list.data) {
    return (
      <p role="alert" className="hours-inline-error">
        {t('hours.review.loadFailed', { error: errorText(list.error) })}
      </p>
    );
  }
  if (!list.data) return <Spinner label={t('hours.review.loading')} />;

  const entries = list.data.pages.flatMap((p) => p.items);
  const total = list.data.pages[list.data.pages.length - 1]?.total ?? entries.length;
  const alert = failure ? (
    <p role="alert" className="hours-inline-error">
      {failure}
    </p>
  ) : null;
  if (entries.length === 0) {
    return (
      <>
        {alert}
        <EmptyState title={t(EMPTY[status])} />
      </>
    );
  }

  return (
    <div className="hours-review">
      {alert}
      <ul className="hours-list" aria-label={t(LIST_LABELS[status])} ref={listRef}>
        {entries.map((entry, index) => (
          <li
            key={entry.id}
            data-entry-id={entry.id}
            onClickCapture={() => (decided.current = { id: String(entry.id), index })}
          >
            <ReviewEntry entry={entry} own={entry.userId === reviewerId} onResult={setFailure} />
          </li>
        ))}
      </ul>
      {list.hasNextPage ? (
        <div className="hours-more">
          <Button
            variant="outline"
            onClick={() => void list.fetchNextPage()}
            disabled={list.isFetchingNextPage}
          >
            {list.isFetchingNextPage
              ? t('hours.review.loadingMore')
              : t('hours.review.showMore', {
                  shown: formatHours(entries.length),
                  total: formatHours(total),
                })}
          </Button>
          {list.isFetchNextPageError ? (
            <p role="alert" className="hours-inline-error">
              {t('hours.review.moreFailed', { error: errorText(list.error) })}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

interface ReviewEntryProps {
  entry: ServiceHoursLog;
  own: boolean;
  // null after a success, the message after a failure.
  onResult: (failure: string | null) => void;
}

// Memoised: a refetch that keeps an entry unchanged does not re-render it.
const ReviewEntry = memo(function ReviewEntry({ entry, own, onResult }: ReviewEntryProps) {
  const { t } = useT();
  const review = useReviewHours();
  const decide = (status: ReviewDecision) =>
    review.mutate(
      { id: entry.id, status },
      {
        onSuccess: () => onResult(null),
        onError: (error) =>
          onResult(
            t('hours.review.failed', {
              name: entry.userName,
              hours: formatHours(entry.hours),
              error: errorText(error),
            }),
          ),
      },
    );
  const pending = entry.status === 'pending';
  const who = { hours: formatHours(entry.hours), name: entry.userName };

  let actions = null;
  if (pending && own) {
    actions = <p className="hours-entry__note">{t('hours.review.own')}</p>;
  } else if (pending) {
    actions = (
      <>
        <Button
          variant="outline"
          size="sm"
          onClick={() => decide('rejected')}
          disabled={review.isPending}
          aria-label={t('hours.review.rejectLabel', who)}
        >
          {t('hours.review.reject')}
        </Button>
        <Button
          size="sm"
          onClick={() => decide('approved')}
          disabled={review.isPending}
          aria-label={t('hours.review.approveLabel', who)}
        >
          {t('hours.review.approve')}
        </Button>
      </>
    );
  }

  return <HoursEntry entry={entry} showStudent actions={actions} />;
});
