import {
  Button,
  MailIcon,
  messages,
  toast,
  toastError,
  Trans,
  useSchemaForm,
  useT,
  StatusCard,
} from '@district/ui';
import { Link } from 'react-router-dom';
import { EMAIL_INPUT, SubmitButton, TextField } from '../../forms/form-fields';
import { loadSchemas } from '../../forms/load-schemas';
import { BackToLogin, PublicShell } from '../public-shell';
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
        <StatusCard
          icon={MailIcon}
          title={m.screen.checkYourEmail}
          description={
            <Trans
              id="shell.forgot.sent"
              values={{ email: form.values.email.trim() }}
              components={{ 0: <strong /> }}
            />
          }
          footer={
            <Button asChild block>
              <Link to="/auth">{t('shell.common.backToLogin')}</Link>
            </Button>
          }
        >
          <p className="muted">{t('shell.forgot.spam')}</p>
        </StatusCard>
      </PublicShell>
    );
  }

  return (
    <PublicShell>
      <StatusCard
        title={t('shell.forgot.title')}
        description={t('shell.forgot.description')}
        footer={<BackToLogin />}
      >
        <form {...form.formProps} className="form" aria-label={t('shell.forgot.formLabel')}>
          <TextField form={form} name="email" label={t('shell.form.email')} {...EMAIL_INPUT} />
          <SubmitButton pending={request.isPending} pendingLabel={t('shell.forgot.pending')}>
            {m.screen.sendResetLink}
          </SubmitButton>
        </form>
      </StatusCard>
    </PublicShell>
  );
}
