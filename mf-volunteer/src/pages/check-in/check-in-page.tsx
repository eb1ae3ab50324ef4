import { APP_ROUTES, checkInInputSchema, VALIDATION } from '@district/contracts';
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
  useT,
} from '@district/ui';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { errorText, useCheckIn } from '../../features/attendance/attendance-queries';
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
  const [code, setCode] = useState(params.get('c') ?? '');
  const [fieldError, setFieldError] = useState<string | null>(null);
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

  const submit = (value: string) => {
    const parsed = checkInInputSchema.safeParse({ code: value });
    if (!parsed.success) {
      // Kept in English (the shared catalogue's text) and translated when shown.
      setFieldError(parsed.error.issues[0]?.message ?? VALIDATION.codeRequired);
      return;
    }
    setFieldError(null);
    const scannedAt = new Date();
    if (!navigator.onLine) {
      saveOffline(parsed.data.code, scannedAt);
      return;
    }
    checkIn.mutate(parsed.data.code, {
      onError: (error) => {
        if (isNetworkFailure(error)) saveOffline(parsed.data.code, scannedAt);
      },
    });
  };

  // The scanned code, once: it is valid for a minute at most.
  useEffect(() => {
    if (tried.current || !validId || !code) return;
    tried.current = true;
    submit(code);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the code the page opened with
  }, []);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(code);
  };

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
            <form onSubmit={onSubmit} noValidate className="check-in__form">
              {checkIn.isError && !isNetworkFailure(checkIn.error) ? (
                <p role="alert" className="attendance__error">
                  {errorText(checkIn.error)}
                </p>
              ) : null}
              <Field
                label={t('volunteer.checkIn.code')}
                error={fieldError ? translate(fieldError) : null}
              >
                <Input
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  value={code}
                  onChange={(event) => setCode(event.target.value)}
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
