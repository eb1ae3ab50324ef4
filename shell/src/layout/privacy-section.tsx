import { apiPaths, APP_ROUTES, type CurrentUser } from '@district/contracts';
import { apiRequest, Button, Field, Input, setCurrentUser, toast, useAuth } from '@district/ui';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { withoutStatus } from '../forms/form-helpers';

// Issue 20: the student's own privacy choices, in the profile dialog the header's avatar opens.
export function PrivacySection() {
  const { user } = useAuth();
  const switchId = useId();
  const hintId = useId();
  const [deleting, setDeleting] = useState(false);
  const [password, setPassword] = useState('');
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const visibility = useMutation({
    mutationFn: async (directoryVisible: boolean) =>
      (await (
        await apiRequest('PATCH', apiPaths.userPrivacy, { directoryVisible })
      ).json()) as CurrentUser,
    onSuccess: (updated) => {
      setCurrentUser(updated);
      toast({
        title: updated.directoryVisible
          ? 'Other students can see you again'
          : 'You are hidden from other students',
      });
    },
    onError: (err) =>
      toast({ title: 'Error', description: withoutStatus(err.message), variant: 'destructive' }),
  });

  const removal = useMutation({
    mutationFn: async () => {
      await apiRequest('POST', apiPaths.userDelete, { password });
    },
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
    <section className="privacy-section" aria-labelledby={`${switchId}-title`}>
      <h3 id={`${switchId}-title`} className="privacy-section__title">
        Privacy
      </h3>
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
        <label htmlFor={switchId}>Show me to other students</label>
      </div>
      <p id={hintId} className="privacy-section__hint">
        {visible
          ? 'Other students see your name, grade, picture and hours in the directory and on sign-up lists.'
          : `Other students don't see you in the directory, and sign-up lists show "A student from ${user.school}". Admins and supervisors still see you.`}
      </p>
      <div className="privacy-section__actions">
        <Button variant="outline" size="sm" asChild>
          <a href={apiPaths.userExport} download>
            Download my data
          </a>
        </Button>
        {!deleting && (
          <Button variant="destructive" size="sm" onClick={() => setDeleting(true)}>
            Delete my account
          </Button>
        )}
      </div>
      {deleting && (
        <form
          className="privacy-section__delete"
          onSubmit={(event) => {
            event.preventDefault();
            setDeleteError(null);
            removal.mutate();
          }}
        >
          <p className="privacy-section__hint">
            This cannot be undone: your account, service hours, sign-ups and photos are removed, and
            your posts show "Unknown Author". Enter your password to confirm.
          </p>
          <Field label="Password" error={deleteError}>
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
              Keep my account
            </Button>
            <Button
              type="submit"
              variant="destructive"
              size="sm"
              disabled={!password || removal.isPending}
              aria-busy={removal.isPending}
            >
              Delete my account permanently
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
