import {
  REVIEW_STATUSES,
  type ConfirmationFilter,
  type ReviewDecision,
  type ReviewStatus,
  type ServiceHoursLog,
} from '@district/contracts';
import { Button, EmptyState, Spinner, useT } from '@district/ui';
import { memo, useCallback, useEffect, useRef, useState } from 'react';
import { errorText, formatHours, hoursLabel } from '../../shared/format';
import { HoursEntry } from '../../shared/hours-entry';
import { prefetchReviewList, useReviewHours, useReviewList } from '../../shared/hours.queries';
import { RejectDialog } from './reject-dialog';

// Issue 33: how long "Undo" stays after a decision.
const UNDO_MS = 15_000;

interface Decision {
  entry: ServiceHoursLog;
  status: ReviewDecision | 'undone';
}

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
  // Issue 33: the last decision, with "Undo" for a short while (the entry has left the tab).
  const [decision, setDecision] = useState<Decision | null>(null);
  useEffect(() => {
    if (!decision) return;
    const timer = setTimeout(() => setDecision(null), UNDO_MS);
    return () => clearTimeout(timer);
  }, [decision]);
  const onDecided = useCallback((entry: ServiceHoursLog, status: ReviewDecision) => {
    setFailure(null);
    setDecision({ entry, status });
  }, []);
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
  const alert = (
    <>
      {failure ? (
        <p role="alert" className="hours-inline-error">
          {failure}
        </p>
      ) : null}
      <DecisionNotice decision={decision} onUndone={setDecision} onFailure={setFailure} />
    </>
  );
  // One tree either way: the Undo notice stays mounted as the list empties and fills again.
  return (
    <div className="hours-review">
      {alert}
      {entries.length === 0 ? <EmptyState title={t(EMPTY[status])} /> : null}
      {entries.length === 0 ? null : (
        <ul className="hours-list" aria-label={t(LIST_LABELS[status])} ref={listRef}>
          {entries.map((entry, index) => (
            <li
              key={entry.id}
              data-entry-id={entry.id}
              onClickCapture={() => (decided.current = { id: String(entry.id), index })}
            >
              <ReviewEntry
                entry={entry}
                own={entry.userId === reviewerId}
                onFailure={setFailure}
                onDecided={onDecided}
              />
            </li>
          ))}
        </ul>
      )}
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

// Issue 33: "Approved: 2 hours by Ada." with Undo (a live region, so it is announced too).
function DecisionNotice({
  decision,
  onUndone,
  onFailure,
}: {
  decision: Decision | null;
  onUndone: (decision: Decision | null) => void;
  onFailure: (failure: string | null) => void;
}) {
  const { t } = useT();
  const undo = useReviewHours();
  const who = decision
    ? { hours: hoursLabel(decision.entry.hours), name: decision.entry.userName }
    : null;
  return (
    <div className="hours-decision" role="status">
      {decision && who ? (
        <>
          <p>
            {decision.status === 'undone'
              ? t('hours.review.undone', who)
              : t('hours.review.decided', { ...who, status: decision.status })}
          </p>
          {decision.status !== 'undone' ? (
            <Button
              variant="outline"
              size="sm"
              disabled={undo.isPending}
              aria-label={t('hours.review.undoLabel', who)}
              onClick={() =>
                undo.mutate(
                  { id: decision.entry.id, status: 'pending' },
                  {
                    onSuccess: () => onUndone({ entry: decision.entry, status: 'undone' }),
                    onError: (error) => {
                      onUndone(null);
                      onFailure(t('hours.review.undoFailed', { error: errorText(error) }));
                    },
                  },
                )
              }
            >
              {t('hours.review.undo')}
            </Button>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

interface ReviewEntryProps {
  entry: ServiceHoursLog;
  own: boolean;
  onFailure: (failure: string) => void;
  onDecided: (entry: ServiceHoursLog, status: ReviewDecision) => void;
}

// Memoised: a refetch that keeps an entry unchanged does not re-render it.
const ReviewEntry = memo(function ReviewEntry({
  entry,
  own,
  onFailure,
  onDecided,
}: ReviewEntryProps) {
  const { t } = useT();
  const review = useReviewHours();
  const [rejecting, setRejecting] = useState(false);
  const decide = (status: ReviewDecision, reason?: string) =>
    review.mutate(
      { id: entry.id, status, reason },
      {
        onSuccess: () => {
          setRejecting(false);
          onDecided(entry, status);
        },
        onError: (error) => {
          // A 400 on the reason stays in the dialog; anything else closes it and shows above.
          if (rejecting && /^400: /.test(error.message)) return;
          setRejecting(false);
          onFailure(
            t('hours.review.failed', {
              name: entry.userName,
              hours: formatHours(entry.hours),
              error: errorText(error),
            }),
          );
        },
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
          onClick={() => {
            review.reset();
            setRejecting(true);
          }}
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

  return (
    <>
      <HoursEntry entry={entry} showStudent actions={actions} />
      {rejecting ? (
        <RejectDialog
          entry={entry}
          open={rejecting}
          onOpenChange={setRejecting}
          onReject={(reason) => decide('rejected', reason)}
          rejecting={review.isPending}
          error={review.error}
        />
      ) : null}
    </>
  );
});
