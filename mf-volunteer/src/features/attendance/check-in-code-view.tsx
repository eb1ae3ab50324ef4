import { QRCodeSVG } from 'qrcode.react';
import { checkInWindow, type Opportunity } from '@district/contracts';
import { formatDate, Spinner, useT } from '@district/ui';
import { useEffect, useState } from 'react';
import { errorText, useCheckInCode } from './attendance.queries';

// setTimeout's longest delay (about 24.8 days); a later opening just waits for another round.
const MAX_DELAY_MS = 2 ** 31 - 1;

// Whether `at` is still ahead; turns false (re-rendering) when it comes while shown.
function useBefore(at: Date): boolean {
  const time = at.getTime();
  const [, setTick] = useState(0);
  const ahead = time > Date.now();
  useEffect(() => {
    if (!ahead) return;
    const timer = setTimeout(
      () => setTick((n) => n + 1),
      Math.min(time - Date.now(), MAX_DELAY_MS),
    );
    return () => clearTimeout(timer);
  });
  return ahead;
}

// The code to show at the event: a QR code of the check-in page (students scan it with their
// phone's camera) and the six digits to type, both renewed every 30 seconds. Before check-in
// opens (an hour before the start), it says plainly when it opens (issue 33.11), not an error.
export function CheckInCodeView({ opportunity }: { opportunity: Opportunity }) {
  const { opensAt } = checkInWindow(opportunity.date, opportunity.endsAt);
  const waiting = useBefore(opensAt);
  const code = useCheckInCode(opportunity.id, !waiting);
  const { t } = useT();
  if (waiting) {
    const time = formatDate(opensAt, { hour: 'numeric', minute: '2-digit' });
    const today = new Date().toDateString() === opensAt.toDateString();
    return (
      <p className="check-in-code__opens">
        {today
          ? t('volunteer.checkInCode.opensAt', { time })
          : t('volunteer.checkInCode.opensOn', {
              date: formatDate(opensAt, { weekday: 'long', month: 'long', day: 'numeric' }),
              time,
            })}
      </p>
    );
  }
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
