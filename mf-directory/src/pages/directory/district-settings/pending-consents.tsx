import { CONSENT_MAILS_MAX, type PendingConsent } from '@district/contracts';
import { Button, EmptyState, formatDate, Spinner, useT } from '@district/ui';
import { usePendingConsents, useResendConsent } from './district-settings.queries';

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
      <EmptyState
        title={t('directory.consents.loadFailed')}
        description={consents.error.message}
        action={
          <Button variant="outline" onClick={() => void consents.refetch()}>
            {t('directory.tryAgain')}
          </Button>
        }
      />
    );
  }
  if (consents.data.length === 0) return <EmptyState description={t('directory.consents.empty')} />;

  return (
    <div
      className="dir-audit__scroll"
      role="region"
      aria-label={t('directory.consents.region')}
      tabIndex={0}
    >
      <table className="dir-audit__table dir-consents">
        <caption className="dir-audit__caption">{t('directory.consents.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('directory.consents.student')}</th>
            <th scope="col">{t('directory.consents.school')}</th>
            <th scope="col">{t('directory.consents.grade')}</th>
            <th scope="col">{t('directory.consents.guardianEmail')}</th>
            <th scope="col">{t('directory.consents.requested')}</th>
            <th scope="col">{t('directory.consents.deadline')}</th>
            <th scope="col">{t('directory.consents.mailsSent')}</th>
            <th scope="col">{t('directory.consents.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {consents.data.map((consent) => (
            <ConsentRow
              key={consent.userId}
              consent={consent}
              sending={resend.isPending && resend.variables?.userId === consent.userId}
              onResend={() => resend.mutate(consent)}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ConsentRow({
  consent,
  sending,
  onResend,
}: {
  consent: PendingConsent;
  sending: boolean;
  onResend: () => void;
}) {
  const { t } = useT();
  const atLimit = consent.mailsSent >= CONSENT_MAILS_MAX;
  const reasonId = `consent-${consent.userId}-limit`;
  return (
    <tr data-user-id={consent.userId}>
      <th scope="row">{consent.name}</th>
      <td>{consent.school}</td>
      <td>{consent.grade}</td>
      <td>
        <a href={`mailto:${consent.guardianEmail}`}>{consent.guardianEmail}</a>
      </td>
      <td>
        <time dateTime={consent.requestedAt}>{formatDate(consent.requestedAt)}</time>
      </td>
      <td>
        <time dateTime={consent.deadline}>{formatDate(consent.deadline)}</time>
      </td>
      <td>
        {t('directory.consents.mailsOf', { count: consent.mailsSent, max: CONSENT_MAILS_MAX })}
      </td>
      <td>
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
