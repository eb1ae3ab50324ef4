import { apiPaths, APP_ROUTES } from '@district/contracts';
import {
  Button,
  DownloadIcon,
  Field,
  Input,
  SectionCard,
  setCurrentUser,
  toast,
  TrashIcon,
  useAuth,
  useT,
} from '@district/ui';
import { useId, useState } from 'react';
import { withoutStatus } from '../forms/form-helpers';
import { useDeleteAccount, useDirectoryVisibility } from './layout.queries';

// Issue 20: the student's own privacy choices; issue 33: on the "My account" page, as two cards
// (who sees me; my data and my account).
export function PrivacySection() {
  const { user } = useAuth();
  const { t, m } = useT();
  const switchId = useId();
  const hintId = useId();
  const [deleting, setDeleting] = useState(false);
  const [password, setPassword] = useState('');
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const visibility = useDirectoryVisibility({
    onSuccess: (updated) => {
      setCurrentUser(updated);
      toast({
        title: t(updated.directoryVisible ? 'shell.privacy.visibleAgain' : 'shell.privacy.hidden'),
      });
    },
    onError: (err) =>
      toast({
        title: m.toasts.errorTitle,
        description: withoutStatus(err.message),
        variant: 'destructive',
      }),
  });

  const removal = useDeleteAccount({
    onSuccess: () => {
      // The account and every session are gone: the app falls back to the sign-in page.
      setCurrentUser(null);
      window.location.assign(APP_ROUTES.auth);
    },
    onError: (err) => setDeleteError(withoutStatus(err.message)),
  });

  if (!user) return null;
  const visible = user.directoryVisible !== false;

  return (
    <>
      <SectionCard titleId={`${switchId}-title`} title={t('shell.privacy.title')}>
        <div className="privacy-section__switch">
          <input
            id={switchId}
            type="checkbox"
            role="switch"
            className="privacy-switch"
            checked={visible}
            disabled={visibility.isPending}
            aria-describedby={hintId}
            onChange={(event) => visibility.mutate(event.target.checked)}
          />
          <label htmlFor={switchId}>{t('shell.privacy.showMe')}</label>
        </div>
        <p id={hintId} className="privacy-section__hint">
          {visible
            ? t('shell.privacy.visibleHint')
            : t('shell.privacy.hiddenHint', { school: user.school })}
        </p>
      </SectionCard>
      <SectionCard titleId={`${switchId}-data`} title={t('shell.account.data')}>
        <p className="privacy-section__hint">{t('shell.account.dataHint')}</p>
        <div className="privacy-section__actions">
          <Button variant="outline" size="sm" asChild>
            <a href={apiPaths.userExport} download>
              <DownloadIcon size="sm" />
              {t('shell.privacy.download')}
            </a>
          </Button>
          {!deleting && (
            <Button variant="destructive" size="sm" onClick={() => setDeleting(true)}>
              <TrashIcon size="sm" />
              {t('shell.privacy.delete')}
            </Button>
          )}
        </div>
        {deleting && (
          <form
            className="privacy-section__delete"
            aria-label={t('shell.privacy.delete')}
            onSubmit={(event) => {
              event.preventDefault();
              setDeleteError(null);
              removal.mutate(password);
            }}
          >
            <p className="privacy-section__hint">{t('shell.privacy.deleteWarning')}</p>
            <Field label={t('shell.privacy.password')} error={deleteError}>
              <Input
                type="password"
                name="password"
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
            </Field>
            <div className="privacy-section__actions">
              <Button type="button" variant="outline" size="sm" onClick={() => setDeleting(false)}>
                {t('shell.privacy.keep')}
              </Button>
              <Button
                type="submit"
                variant="destructive"
                size="sm"
                disabled={!password || removal.isPending}
                aria-busy={removal.isPending}
              >
                {t('shell.privacy.deletePermanently')}
              </Button>
            </div>
          </form>
        )}
      </SectionCard>
    </>
  );
}
