import {
  AlertIcon,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
  CheckCircleIcon,
  messages,
  toast,
  toastError,
  useT,
  useSchemaForm,
} from '@district/ui';
import { Link, useSearchParams } from 'react-router-dom';
import { NEW_PASSWORD_INPUT, SubmitButton, TextField } from '../../forms/form-fields';
import { loadSchemas } from '../../forms/load-schemas';
import { PublicShell } from '../public-shell';
import { useResetPassword } from './reset-password.queries';

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  return token ? <ResetForm token={token} /> : <InvalidLink />;
}

function InvalidLink() {
  const { t, m } = useT();
  return (
    <PublicShell>
      <Card className="narrow-card">
        <CardHeader>
          <span className="status-icon status-icon--error">
            <AlertIcon size="lg" />
          </span>
          <CardTitle as="h1">{m.screen.invalidResetLinkTitle}</CardTitle>
          <CardDescription>{m.screen.invalidResetLinkText}</CardDescription>
        </CardHeader>
        <CardContent>
          <p className="muted" role="alert">
            {m.toasts.resetTokenMissing}
          </p>
        </CardContent>
        <CardFooter>
          <Button asChild>
            <Link to="/forgot-password">{t('shell.reset.requestNew')}</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/auth">{t('shell.common.backToLogin')}</Link>
          </Button>
        </CardFooter>
      </Card>
    </PublicShell>
  );
}

function ResetForm({ token }: { token: string }) {
  const { t, m } = useT();
  const reset = useResetPassword({
    onSuccess: () =>
      toast({
        title: messages().toasts.passwordResetTitle,
        description: messages().toasts.passwordResetDescription,
      }),
    onError: (error) => toastError(error),
  });

  const form = useSchemaForm({
    initial: { newPassword: '', confirmPassword: '' },
    schema: async () => (await loadSchemas()).resetPasswordFormSchema,
    onValid: (data) => reset.mutate({ token, newPassword: data.newPassword }),
  });

  if (reset.isSuccess) {
    return (
      <PublicShell>
        <Card className="narrow-card">
          <CardHeader>
            <span className="status-icon status-icon--success">
              <CheckCircleIcon size="lg" />
            </span>
            <CardTitle as="h1">{m.screen.passwordResetSuccessful}</CardTitle>
            <CardDescription>{t('shell.reset.success')}</CardDescription>
          </CardHeader>
          <CardFooter>
            <Button asChild block>
              <Link to="/auth">{m.screen.goToLogin}</Link>
            </Button>
          </CardFooter>
        </Card>
      </PublicShell>
    );
  }

  return (
    <PublicShell>
      <Card className="narrow-card">
        <CardHeader>
          <CardTitle as="h1">{t('shell.reset.title')}</CardTitle>
          <CardDescription>{t('shell.reset.description')}</CardDescription>
        </CardHeader>
        <CardContent>
          <form {...form.formProps} className="form" aria-label={t('shell.reset.formLabel')}>
            <TextField
              form={form}
              name="newPassword"
              label={t('shell.reset.newPassword')}
              {...NEW_PASSWORD_INPUT}
            />
            <TextField
              form={form}
              name="confirmPassword"
              label={t('shell.reset.confirmPassword')}
              {...NEW_PASSWORD_INPUT}
            />
            <SubmitButton pending={reset.isPending} pendingLabel={t('shell.reset.pending')}>
              {m.screen.resetPasswordButton}
            </SubmitButton>
          </form>
        </CardContent>
        <CardFooter>
          <Link to="/auth" className="text-link">
            {t('shell.common.backToLogin')}
          </Link>
        </CardFooter>
      </Card>
    </PublicShell>
  );
}
