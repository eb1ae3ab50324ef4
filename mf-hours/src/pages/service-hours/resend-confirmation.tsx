import { CONFIRMATION_MAILS_MAX, type ServiceHoursLog } from '@district/contracts';
import { Button, useT } from '@district/ui';
import { useResendConfirmation } from '../../shared/confirmations.queries';
import { errorText } from '../../shared/format';

// Issue 19: the student mails the organisation's contact again (a new link; 3 mails in all).
export function ResendConfirmation({ entry }: { entry: ServiceHoursLog }) {
  const { t } = useT();
  const resend = useResendConfirmation();
  const confirmation = entry.confirmation;
  if (!confirmation || confirmation.decision !== null) return null;
  if (confirmation.mailsSent >= CONFIRMATION_MAILS_MAX && !resend.isSuccess) return null;
  return (
    <div className="hours-entry__resend" aria-live="polite">
      {resend.isSuccess ? (
        <p className="hours-inline-success">{t('hours.resend.sent')}</p>
      ) : (
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={resend.isPending}
          onClick={() => resend.mutate(entry.id)}
        >
          {t('hours.resend.button')}
        </Button>
      )}
      {resend.isError && (
        <p role="alert" className="hours-inline-error">
          {errorText(resend.error)}
        </p>
      )}
    </div>
  );
}
