import { apiPaths, SCREEN_TEXTS, TOASTS } from '@district/contracts';
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
  toast,
  toastError,
} from '@district/ui';
import { useMutation } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import {
  NEW_PASSWORD_INPUT,
  SubmitButton,
  TextField,
  useSchemaForm,
} from '../../forms/schema-form';
import { PublicShell } from '../public-shell';

// SPEC §7: the reset call reads the body's `error` field, falling back to a fixed message. Our
// services answer `{statusCode, message}`, so `message` is read too (docs/architecture.md "Errors").
async function resetPassword(body: { token: string; newPassword: string }): Promise<unknown> {
  const res = await fetch(apiPaths.passwordReset, {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const payload = (await res.json().catch(() => null)) as {
    error?: unknown;
    message?: unknown;
  } | null;
  if (!res.ok) {
    const reason = typeof payload?.error === 'string' ? payload.error : payload?.message;
    throw new Error(typeof reason === 'string' && reason ? reason : TOASTS.resetFailed);
  }
  return payload;
}

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  return token ? <ResetForm token={token} /> : <InvalidLink />;
}

function InvalidLink() {
  return (
    <PublicShell>
      <Card className="narrow-card">
        <CardHeader>
          <span className="status-icon status-icon--error">
            <AlertIcon size="lg" />
          </span>
          <CardTitle as="h1">{SCREEN_TEXTS.invalidResetLinkTitle}</CardTitle>
          <CardDescription>{SCREEN_TEXTS.invalidResetLinkText}</CardDescription>
        </CardHeader>
        <CardContent>
          <p className="muted" role="alert">
            {TOASTS.resetTokenMissing}
          </p>
        </CardContent>
        <CardFooter>
          <Button asChild>
            <Link to="/forgot-password">Request New Link</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/auth">Back to Login</Link>
          </Button>
        </CardFooter>
      </Card>
    </PublicShell>
  );
}

function ResetForm({ token }: { token: string }) {
  const reset = useMutation({
    mutationFn: resetPassword,
    onSuccess: () =>
      toast({ title: TOASTS.passwordResetTitle, description: TOASTS.passwordResetDescription }),
    onError: (error) => toastError(error),
  });

  const form = useSchemaForm({
    initial: { newPassword: '', confirmPassword: '' },
    schema: (schemas) => schemas.resetPasswordFormSchema,
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
            <CardTitle as="h1">{SCREEN_TEXTS.passwordResetSuccessful}</CardTitle>
            <CardDescription>You can now log in with your new password.</CardDescription>
          </CardHeader>
          <CardFooter>
            <Button asChild block>
              <Link to="/auth">{SCREEN_TEXTS.goToLogin}</Link>
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
          <CardTitle as="h1">Set a new password</CardTitle>
          <CardDescription>Choose a password of at least 8 characters.</CardDescription>
        </CardHeader>
        <CardContent>
          <form {...form.formProps} aria-label="Reset password">
            <TextField
              form={form}
              name="newPassword"
              label="New Password"
              {...NEW_PASSWORD_INPUT}
            />
            <TextField
              form={form}
              name="confirmPassword"
              label="Confirm Password"
              {...NEW_PASSWORD_INPUT}
            />
            <SubmitButton pending={reset.isPending} pendingLabel="Resetting…">
              {SCREEN_TEXTS.resetPasswordButton}
            </SubmitButton>
          </form>
        </CardContent>
        <CardFooter>
          <Link to="/auth" className="text-link">
            Back to Login
          </Link>
        </CardFooter>
      </Card>
    </PublicShell>
  );
}
