import {
  TEXT_LIMITS,
  type HourConfirmationDecision,
  type HourConfirmationView,
} from '@district/contracts';
import { Button, Card, CardContent, Field, Spinner, Textarea } from '@district/ui';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { useDecideHours, useHourConfirmation } from '../../shared/confirmations-api';
import { errorText, formatHoursDate, hoursLabel } from '../../shared/format';
import '../../mf-hours.css';

// "/confirm-hours/{token}" (issue 19), signed out: the organisation's contact confirms or declines
// one logged entry. The link works once; the page shows the student's first name only.
export function ConfirmHoursPage() {
  const { token = '' } = useParams();
  const lookup = useHourConfirmation(token);
  return (
    <section className="confirm-hours" aria-labelledby="confirm-hours-title">
      <h1 id="confirm-hours-title" className="record-verify__title">
        Confirm volunteer hours
      </h1>
      {lookup.isLoading ? (
        <Spinner label="Loading the entry" />
      ) : lookup.isError ? (
        <p role="alert" className="hours-inline-error">
          The entry could not be loaded: {errorText(lookup.error)}
        </p>
      ) : lookup.data?.state === 'open' ? (
        <Decision token={token} entry={lookup.data.entry} />
      ) : lookup.data ? (
        <Card>
          <CardContent className="area__message">
            <p>{lookup.data.message}.</p>
          </CardContent>
        </Card>
      ) : null}
    </section>
  );
}

const DONE: Record<HourConfirmationDecision['decision'], string> = {
  confirmed: 'Thank you. You confirmed these hours.',
  declined: 'Thank you. You declined these hours.',
};

function Decision({ token, entry }: { token: string; entry: HourConfirmationView }) {
  const decide = useDecideHours(token);
  const [comment, setComment] = useState('');
  const send = (decision: HourConfirmationDecision['decision']) =>
    decide.mutate({ decision, ...(comment.trim() ? { comment: comment.trim() } : {}) });

  return (
    <Card>
      <CardContent className="confirm-hours__body">
        <p>
          <strong>{entry.firstName}</strong> from {entry.school} says they volunteered with{' '}
          <strong>{entry.organisation}</strong>:
        </p>
        <dl className="confirm-hours__facts">
          <div>
            <dt>Hours</dt>
            <dd>{hoursLabel(entry.hours)}</dd>
          </div>
          <div>
            <dt>Date</dt>
            <dd>
              <time dateTime={entry.date}>{formatHoursDate(entry.date)}</time>
            </dd>
          </div>
          <div>
            <dt>Description</dt>
            <dd className="confirm-hours__description">{entry.description}</dd>
          </div>
        </dl>
        {decide.isSuccess ? (
          <p role="status" className="hours-inline-success">
            {DONE[decide.data.decision]}
          </p>
        ) : (
          <>
            <Field label="Comment" optional>
              <Textarea
                name="comment"
                rows={3}
                maxLength={TEXT_LIMITS.confirmationComment}
                placeholder="Anything the school should know?"
                value={comment}
                onChange={(e) => setComment(e.target.value)}
              />
            </Field>
            <div className="confirm-hours__actions">
              <Button type="button" disabled={decide.isPending} onClick={() => send('confirmed')}>
                Confirm
              </Button>
              <Button
                type="button"
                variant="outline"
                disabled={decide.isPending}
                onClick={() => send('declined')}
              >
                Decline
              </Button>
            </div>
            <div aria-live="polite">
              {decide.isError && (
                <p role="alert" className="hours-inline-error">
                  Your answer could not be saved: {errorText(decide.error)}
                </p>
              )}
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
