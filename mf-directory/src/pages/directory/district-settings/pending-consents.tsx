import { CONSENT_MAILS_MAX, type PendingConsent } from '@district/contracts';
import { Button, EmptyState, formatDate, Spinner, StackTable, useT } from '@district/ui';
import { usePendingConsents, useResendConsent } from './district-settings.queries';
import { LoadFailed } from '../load-failed';

// Issue 20, the admins' "Pending consents" tab of /directory: students waiting for a guardian's
// answer, with the guardian's address (admins only: this whole tab is) and the mails sent so far.
// The service sends at most CONSENT_MAILS_MAX; the button says why it stops.
export function PendingConsents() {
  const { t } = useT();
  const consents = usePendingConsents();
  const resend = useResendConsent();

  if (consents.isPending) return <Spinner label={t('directory.consents.loading')} />;
  if (consents.isError) {
    return (
      <LoadFailed
        title={t('directory.consents.loadFailed')}
        error={consents.error}
        onRetry={consents.refetch}
      />
    );
  }
  if (consents.data.length === 0) return <EmptyState description={t('directory.consents.empty')} />;
  const headings = [
    t('directory.consents.student'),
    t('directory.consents.school'),
    t('directory.consents.grade'),
    t('directory.consents.guardianEmail'),
    t('directory.consents.requested'),
    t('directory.consents.deadline'),
    t('directory.consents.mailsSent'),
    t('directory.consents.actions'),
  ];

  return (
    <StackTable
      boxClassName="dir-audit__scroll"
      regionLabel={t('directory.consents.region')}
      className="dir-audit__table dir-consents"
      caption={t('directory.consents.caption')}
      captionClassName="dir-audit__caption"
      headings={headings}
    >
      <tbody role="rowgroup">
        {consents.data.map((consent) => (
          <ConsentRow
            key={consent.userId}
            consent={consent}
            headings={headings}
            sending={resend.isPending && resend.variables?.userId === consent.userId}
            onResend={() => resend.mutate(consent)}
          />
        ))}
      </tbody>
    </StackTable>
  );
}

function ConsentRow({
  consent,
  headings,
  sending,
  onResend,
}: {
  consent: PendingConsent;
  headings: string[];
  sending: boolean;
  onResend: () => void;
}) {
  const { t } = useT();
  const atLimit = consent.mailsSent >= CONSENT_MAILS_MAX;
  const reasonId = `consent-${consent.userId}-limit`;
  return (
    <tr data-user-id={consent.userId} role="row">
      <th scope="row" role="rowheader" data-label={headings[0]}>
        {consent.name}
      </th>
      <td role="cell" data-label={headings[1]}>
        {consent.school}
      </td>
      <td role="cell" data-label={headings[2]}>
        {consent.grade}
      </td>
      <td role="cell" data-label={headings[3]}>
        <a href={`mailto:${consent.guardianEmail}`}>{consent.guardianEmail}</a>
      </td>
      <td role="cell" data-label={headings[4]}>
        <time dateTime={consent.requestedAt}>{formatDate(consent.requestedAt)}</time>
      </td>
      <td role="cell" data-label={headings[5]}>
        <time dateTime={consent.deadline}>{formatDate(consent.deadline)}</time>
      </td>
      <td role="cell" data-label={headings[6]}>
        {t('directory.consents.mailsOf', { count: consent.mailsSent, max: CONSENT_MAILS_MAX })}
      </td>
      <td role="cell" data-label={headings[7]}>
        <Button
          size="sm"
          variant="outline"
          onClick={onResend}
          disabled={atLimit || sending}
          aria-busy={sending || undefined}
          aria-label={t('directory.consents.resendFor', { name: consent.name })}
          aria-describedby={atLimit ? reasonId : undefined}
        >
          {t('directory.consents.resend')}
        </Button>
        {atLimit ? (
          <p id={reasonId} className="dir-consents__limit">
            {t('directory.consents.limitReached', { max: CONSENT_MAILS_MAX })}
          </p>
        ) : null}
      </td>
    </tr>
  );
}
