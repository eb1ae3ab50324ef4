import { QRCodeSVG } from 'qrcode.react';
import { Spinner, useT } from '@district/ui';
import { errorText, useCheckInCode } from './attendance.queries';

// The code to show at the event: a QR code of the check-in page (students scan it with their
// phone's camera) and the six digits to type, both renewed every 30 seconds.
export function CheckInCodeView({ opportunityId }: { opportunityId: number }) {
  const code = useCheckInCode(opportunityId);
  const { t } = useT();
  if (code.isError)
    return (
      <p role="alert" className="attendance__error">
        {errorText(code.error)}
      </p>
    );
  if (!code.data) return <Spinner label={t('volunteer.checkInCode.loading')} />;
  const url = new URL(code.data.url, window.location.origin).toString();
  return (
    <div className="check-in-code">
      <QRCodeSVG
        value={url}
        size={224}
        marginSize={2}
        role="img"
        aria-label={t('volunteer.checkInCode.qr')}
        className="check-in-code__qr"
      />
      <p className="check-in-code__digits" data-testid="check-in-code">
        {code.data.code}
      </p>
      <p className="check-in-code__hint">
        {t('volunteer.checkInCode.hint', { seconds: code.data.periodSeconds })}
      </p>
    </div>
  );
}
