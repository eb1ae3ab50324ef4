import {
  TEXT_LIMITS,
  type HourConfirmationDecision,
  type HourConfirmationView,
} from '@district/contracts';
import { Button, Card, CardContent, Field, Spinner, Textarea, Trans, useT } from '@district/ui';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { useDecideHours, useHourConfirmation } from '../../shared/confirmations.queries';
import { errorText, formatHoursDate, hoursLabel } from '../../shared/format';
import '../../mf-hours.css';

// "/confirm-hours/{token}" (issue 19), signed out: the organisation's contact confirms or declines
// one logged entry. The link works once; the page shows the student's first name only. The contact
// has no account: the shell picks the language from the browser's (issue 22).
export function ConfirmHoursPage() {
  const { t } = useT();
  const { token = '' } = useParams();
  const lookup = useHourConfirmation(token);
  return (
    <section className="confirm-hours" aria-labelledby="confirm-hours-title">
      <h1 id="confirm-hours-title" className="record-verify__title">
        {t('hours.confirm.title')}
      </h1>
      {lookup.isLoading ? (
        <Spinner label={t('hours.confirm.loading')} />
      ) : lookup.isError ? (
        <p role="alert" className="hours-inline-error">
          {t('hours.confirm.loadFailed', { error: errorText(lookup.error) })}
        </p>
      ) : lookup.data?.state === 'open' ? (
        <Decision token={token} entry={lookup.data.entry} />
      ) : lookup.data ? (
        <Card>
          <CardContent className="area__message">
            <p>{t('hours.confirm.closed', { message: lookup.data.message })}</p>
          </CardContent>
        </Card>
      ) : null}
    </section>
  );
}

// Catalogue keys.
const DONE: Record<HourConfirmationDecision['decision'], string> = {
  confirmed: 'hours.confirm.doneConfirmed',
  declined: 'hours.confirm.doneDeclined',
};

function Decision({ token, entry }: { token: string; entry: HourConfirmationView }) {
  const { t } = useT();
  const decide = useDecideHours(token);
  const [comment, setComment] = useState('');
  const send = (decision: HourConfirmationDecision['decision']) =>
    decide.mutate({ decision, ...(comment.trim() ? { comment: comment.trim() } : {}) });

  return (
    <Card>
      <CardContent className="confirm-hours__body">
        <p>
          <Trans
            id="hours.confirm.claim"
            values={{
              name: entry.firstName,
              school: entry.school,
              organisation: entry.organisation,
            }}
            components={{ 0: <strong />, 1: <strong /> }}
          />
        </p>
        <dl className="confirm-hours__facts">
          <div>
            <dt>{t('hours.form.hours')}</dt>
            <dd>{hoursLabel(entry.hours)}</dd>
          </div>
          <div>
            <dt>{t('hours.form.date')}</dt>
            <dd>
              <time dateTime={entry.date}>{formatHoursDate(entry.date)}</time>
            </dd>
          </div>
          <div>
            <dt>{t('hours.form.description')}</dt>
            <dd className="confirm-hours__description">{entry.description}</dd>
          </div>
        </dl>
        {decide.isSuccess ? (
          <p role="status" className="hours-inline-success">
            {t(DONE[decide.data.decision])}
          </p>
        ) : (
          <>
            <Field label={t('hours.confirm.comment')} optional>
              <Textarea
                name="comment"
                rows={3}
                maxLength={TEXT_LIMITS.confirmationComment}
                placeholder={t('hours.confirm.commentPlaceholder')}
                value={comment}
                onChange={(e) => setComment(e.target.value)}
              />
            </Field>
            <div className="confirm-hours__actions">
              <Button type="button" disabled={decide.isPending} onClick={() => send('confirmed')}>
                {t('hours.confirm.confirm')}
              </Button>
              <Button
                type="button"
                variant="outline"
                disabled={decide.isPending}
                onClick={() => send('declined')}
              >
                {t('hours.confirm.decline')}
              </Button>
            </div>
            <div aria-live="polite">
              {decide.isError && (
                <p role="alert" className="hours-inline-error">
                  {t('hours.confirm.saveFailed', { error: errorText(decide.error) })}
                </p>
              )}
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
