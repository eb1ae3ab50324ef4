import { APP_ROUTES, checkInInputSchema } from '@district/contracts';
import {
  Button,
  Card,
  CardContent,
  Field,
  Input,
  PageHeader,
  formatDate,
  translate,
  Trans,
  useCurrentUser,
  useSchemaForm,
  useT,
} from '@district/ui';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { errorText, useCheckIn } from '../../features/attendance/attendance.queries';
import {
  isNetworkFailure,
  saveCheckInOffline,
  useQueuedCheckIns,
} from '../../features/offline/offline-check-ins';

// /volunteer/check-in?o=ID&c=CODE (issue 18): what a student's phone opens from the event's QR
// code. It checks in at once with the scanned code; after a refusal the student can type the
// six digits shown at the event. Issue 34: without a signal the check-in is saved on the phone,
// with the time of the scan, and sent when the network returns; the page says so plainly.
export function CheckInPage() {
  const [params] = useSearchParams();
  const opportunityId = Number(params.get('o'));
  const validId = Number.isSafeInteger(opportunityId) && opportunityId > 0;
  const checkIn = useCheckIn(validId ? opportunityId : 0);
  const tried = useRef(false);
  const { t } = useT();
  const user = useCurrentUser();
  const [savedKey, setSavedKey] = useState<string | null>(null);
  const queue = useQueuedCheckIns(user?.id);
  const saved = savedKey ? queue.entries.find((e) => e.key === savedKey) : undefined;

  const saveOffline = (value: string, scannedAt: Date) => {
    if (!user) return;
    void saveCheckInOffline(user.id, opportunityId, value, scannedAt).then((entry) => {
      setSavedKey(entry.key);
      queue.reload();
    });
  };

  const form = useSchemaForm({
    initial: { code: params.get('c') ?? '' },
    schema: checkInInputSchema,
    onValid: ({ code }) => {
      const scannedAt = new Date();
      if (!navigator.onLine) {
        saveOffline(code, scannedAt);
        return;
      }
      checkIn.mutate(code, {
        onError: (error) => {
          if (isNetworkFailure(error)) saveOffline(code, scannedAt);
        },
      });
    },
  });

  // The scanned code, once: it is valid for a minute at most.
  useEffect(() => {
    if (tried.current || !validId || !form.values.code) return;
    tried.current = true;
    void form.submit();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the code the page opened with
  }, []);

  return (
    <section className="area check-in" aria-labelledby="check-in-title">
      <PageHeader
        titleId="check-in-title"
        title={t('volunteer.checkIn.title')}
        description={t('volunteer.checkIn.description')}
      />
      <Card className="check-in__card">
        <CardContent>
          {!validId ? (
            <p role="alert" className="attendance__error">
              {t('volunteer.checkIn.incomplete')}
            </p>
          ) : saved?.status === 'pending' ? (
            <div role="status" className="check-in__done check-in__saved">
              <p className="check-in__done-title">{t('volunteer.checkIn.savedTitle')}</p>
              <p>
                {t('volunteer.checkIn.savedText', {
                  time: formatDate(saved.scannedAt, { hour: 'numeric', minute: '2-digit' }),
                })}
              </p>
              <p>
                <Link to={APP_ROUTES.volunteer}>{t('volunteer.checkIn.backToVolunteer')}</Link>
              </p>
            </div>
          ) : saved?.status === 'refused' ? (
            <p role="alert" className="attendance__error">
              {translate(saved.message ?? '')}
            </p>
          ) : checkIn.isSuccess || saved?.status === 'sent' ? (
            <div role="status" className="check-in__done">
              <p className="check-in__done-title">{t('volunteer.checkIn.done')}</p>
              <p>
                <Trans
                  id="volunteer.checkIn.doneText"
                  components={{ 0: <Link to={APP_ROUTES.serviceHours} /> }}
                />
              </p>
            </div>
          ) : (
            <form {...form.formProps} className="check-in__form">
              {checkIn.isError && !isNetworkFailure(checkIn.error) ? (
                <p role="alert" className="attendance__error">
                  {errorText(checkIn.error)}
                </p>
              ) : null}
              <Field label={t('volunteer.checkIn.code')} error={form.fieldError('code')}>
                <Input
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  value={form.values.code}
                  onChange={(event) => form.change('code')(event.target.value)}
                />
              </Field>
              <Button type="submit" disabled={checkIn.isPending}>
                {checkIn.isPending
                  ? t('volunteer.checkIn.checkingIn')
                  : t('volunteer.checkIn.title')}
              </Button>
            </form>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
