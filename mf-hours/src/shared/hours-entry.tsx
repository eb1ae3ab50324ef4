import type { HourConfirmationSummary, ServiceHoursLog } from '@district/contracts';
import { Badge, Card, Trans, useT } from '@district/ui';
import { memo, type ReactNode } from 'react';
import { formatHoursDate, formatSubmittedAt, hoursLabel } from './format';
import { StatusBadge } from './status-badge';

export interface HoursEntryProps {
  entry: ServiceHoursLog;
  // Supervisor view: who logged it and their school.
  showStudent?: boolean;
  actions?: ReactNode;
  // An inline message under the entry (a failed review, for instance).
  footer?: ReactNode;
}

// Between hours and date (punctuation, not text).
const SEPARATOR = ' · ';

// One log entry as SPEC §2 lists it: hours, short date, description, status, submission time.
export const HoursEntry = memo(function HoursEntry({
  entry,
  showStudent = false,
  actions,
  footer,
}: HoursEntryProps) {
  // Memoised, yet a language switch still re-renders it (the hook reads the language context).
  const { t } = useT();
  return (
    <Card
      className="hours-entry"
      data-testid="hours-entry"
      data-entry-id={entry.id}
      data-status={entry.status}
      data-source={entry.source}
    >
      <div className="hours-entry__main">
        {showStudent ? (
          <p className="hours-entry__student">
            <span className="hours-entry__name">{entry.userName}</span>
            <span className="hours-entry__school">{entry.schoolName}</span>
          </p>
        ) : null}
        <p className="hours-entry__summary">
          <span className="hours-entry__hours">{hoursLabel(entry.hours)}</span>
          <span aria-hidden="true">{SEPARATOR}</span>
          <time dateTime={entry.date}>{formatHoursDate(entry.date)}</time>
        </p>
        <p className="hours-entry__description">{entry.description}</p>
        {entry.confirmation ? <ConfirmationLine confirmation={entry.confirmation} /> : null}
        <RejectionLines entry={entry} forStudent={!showStudent} />
        <p className="hours-entry__submitted">
          <Trans
            id="hours.entry.submitted"
            values={{ when: formatSubmittedAt(entry.submittedAt) }}
            components={{ 0: <time dateTime={entry.submittedAt} /> }}
          />
        </p>
      </div>
      <div className="hours-entry__side">
        <StatusBadge status={entry.status} source={entry.source} />
        {showStudent && entry.possibleDuplicateOf !== null ? (
          // Issue 18: the student also got hours from attendance that day.
          <Badge
            variant="outline"
            className="hours-entry__duplicate"
            title={t('hours.entry.duplicateHint')}
          >
            {t('hours.entry.duplicate')}
          </Badge>
        ) : null}
        {actions ? <div className="hours-entry__actions">{actions}</div> : null}
      </div>
      {footer ? <div className="hours-entry__footer">{footer}</div> : null}
    </Card>
  );
});

// Issue 19: what the organisation's contact answered (or that they were asked).
function ConfirmationLine({ confirmation }: { confirmation: HourConfirmationSummary }) {
  const { t } = useT();
  const values = {
    decision: confirmation.decision ?? 'pending',
    email: confirmation.contactEmail,
    organisation: confirmation.organisation,
  };
  return (
    <p className="hours-entry__confirmation" data-confirmation={values.decision}>
      {confirmation.comment
        ? t('hours.entry.confirmationWithComment', { ...values, comment: confirmation.comment })
        : t('hours.entry.confirmation', values)}
    </p>
  );
}

// Issue 33: why a supervisor rejected the entry and, for the student, what to do about it. A
// corrected entry waiting for review still says what it answers.
function RejectionLines({ entry, forStudent }: { entry: ServiceHoursLog; forStudent: boolean }) {
  const { t } = useT();
  const reason = entry.rejectionReason;
  if (entry.status === 'pending')
    return reason ? (
      <p className="hours-entry__reason hours-entry__reason--previous">
        {t('hours.entry.previousReason', { reason })}
      </p>
    ) : null;
  if (entry.status !== 'rejected') return null;
  return (
    <div className="hours-entry__rejection">
      {reason ? (
        <p className="hours-entry__reason">{t('hours.entry.rejectionReason', { reason })}</p>
      ) : null}
      {forStudent ? <p className="hours-entry__next">{t('hours.entry.nextStep')}</p> : null}
    </div>
  );
}
