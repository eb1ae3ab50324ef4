import { Button, formatDate, translate, useCurrentUser, useT } from '@district/ui';
import { useOpportunities } from '../volunteer/volunteer.queries';
import { useQueuedCheckIns, type QueuedCheckIn } from './offline-check-ins';

const scanTime = (iso: string) =>
  formatDate(iso, { weekday: 'short', hour: 'numeric', minute: '2-digit' });

// Issue 34: the check-ins saved on this phone without a signal: waiting, sent, or refused with
// the server's reason, so the student sees what happened next time they open Volunteer.
export function QueuedCheckIns() {
  const user = useCurrentUser();
  const { entries, dismiss } = useQueuedCheckIns(user?.id);
  const active = useOpportunities('active');
  const { t } = useT();
  if (entries.length === 0) return null;
  const titleOf = (entry: QueuedCheckIn) =>
    active.data?.find((o) => o.id === entry.opportunityId)?.title ??
    t('volunteer.offline.unknownEvent');
  return (
    <section
      className="queued-check-ins"
      aria-labelledby="queued-check-ins-title"
      data-testid="queued-check-ins"
    >
      <h2 id="queued-check-ins-title" className="queued-check-ins__title">
        {t('volunteer.offline.listTitle')}
      </h2>
      <ul className="queued-check-ins__list">
        {entries.map((entry) => (
          <li
            key={entry.key}
            className={`queued-check-ins__entry queued-check-ins__entry--${entry.status}`}
            data-testid="queued-check-in"
          >
            <div>
              <p className="queued-check-ins__event">{titleOf(entry)}</p>
              <p>
                {entry.status === 'pending'
                  ? t('volunteer.offline.pending', { time: scanTime(entry.scannedAt) })
                  : entry.status === 'sent'
                    ? t('volunteer.offline.sent', { time: scanTime(entry.scannedAt) })
                    : t('volunteer.offline.refused', {
                        time: scanTime(entry.scannedAt),
                        reason: translate(entry.message ?? ''),
                      })}
              </p>
            </div>
            {entry.status === 'pending' ? null : (
              <Button variant="outline" size="sm" onClick={() => dismiss(entry.key)}>
                {t('volunteer.offline.dismiss')}
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
