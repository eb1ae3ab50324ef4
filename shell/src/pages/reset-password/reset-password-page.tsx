import {
  AlertIcon,
  Button,
  CheckCircleIcon,
  messages,
  toast,
  toastError,
  useSchemaForm,
  useT,
  StatusCard,
} from '@district/ui';
import { Link, useSearchParams } from 'react-router-dom';
import { NEW_PASSWORD_INPUT, SubmitButton, TextField } from '../../forms/form-fields';
import { loadSchemas } from '../../forms/load-schemas';
import { BackToLogin, PublicShell } from '../public-shell';
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
      <StatusCard
        icon={AlertIcon}
        tone="error"
        title={m.screen.invalidResetLinkTitle}
        description={m.screen.invalidResetLinkText}
        footer={
          <>
            <Button asChild>
              <Link to="/forgot-password">{t('shell.reset.requestNew')}</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/auth">{t('shell.common.backToLogin')}</Link>
            </Button>
          </>
        }
      >
        <p className="muted" role="alert">
          {m.toasts.resetTokenMissing}
        </p>
      </StatusCard>
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
        <StatusCard
          icon={CheckCircleIcon}
          tone="success"
          title={m.screen.passwordResetSuccessful}
          description={t('shell.reset.success')}
          footer={
            <Button asChild block>
              <Link to="/auth">{m.screen.goToLogin}</Link>
            </Button>
          }
        />
      </PublicShell>
    );
  }

  return (
    <PublicShell>
      <StatusCard
        title={t('shell.reset.title')}
        description={t('shell.reset.description')}
        footer={<BackToLogin />}
      >
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
      </StatusCard>
    </PublicShell>
  );
}
