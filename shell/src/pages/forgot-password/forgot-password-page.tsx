import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
  MailIcon,
  messages,
  toast,
  toastError,
  Trans,
  useT,
  useSchemaForm,
} from '@district/ui';
import { Link } from 'react-router-dom';
import { EMAIL_INPUT, SubmitButton, TextField } from '../../forms/form-fields';
import { loadSchemas } from '../../forms/load-schemas';
import { PublicShell } from '../public-shell';
import { useRequestPasswordReset } from './forgot-password.queries';

export function ForgotPasswordPage() {
  const { t, m } = useT();
  const request = useRequestPasswordReset({
    // Same answer whether or not the account exists (SPEC §8).
    onSuccess: () =>
      toast({
        title: messages().toasts.resetLinkSentTitle,
        description: messages().toasts.resetLinkSentDescription,
      }),
    onError: (error) => toastError(error),
  });

  const form = useSchemaForm({
    initial: { email: '' },
    schema: async () => (await loadSchemas()).forgotPasswordSchema,
    onValid: (data) => request.mutate(data),
  });

  if (request.isSuccess) {
    return (
      <PublicShell>
        <Card className="narrow-card">
          <CardHeader>
            <span className="status-icon status-icon--info">
              <MailIcon size="lg" />
            </span>
            <CardTitle as="h1">{m.screen.checkYourEmail}</CardTitle>
            <CardDescription>
              <Trans
                id="shell.forgot.sent"
                values={{ email: form.values.email.trim() }}
                components={{ 0: <strong /> }}
              />
            </CardDescription>
          </CardHeader>
          <CardContent>
            <p className="muted">{t('shell.forgot.spam')}</p>
          </CardContent>
          <CardFooter>
            <Button asChild block>
              <Link to="/auth">{t('shell.common.backToLogin')}</Link>
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
          <CardTitle as="h1">{t('shell.forgot.title')}</CardTitle>
          <CardDescription>{t('shell.forgot.description')}</CardDescription>
        </CardHeader>
        <CardContent>
          <form {...form.formProps} className="form" aria-label={t('shell.forgot.formLabel')}>
            <TextField form={form} name="email" label={t('shell.form.email')} {...EMAIL_INPUT} />
            <SubmitButton pending={request.isPending} pendingLabel={t('shell.forgot.pending')}>
              {m.screen.sendResetLink}
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
