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
  Field,
  Input,
  toast,
  toastError,
} from '@district/ui';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { Link, useSearchParams } from 'react-router-dom';
import { focusFirstError, type FieldErrors } from '../../forms/form-helpers';
import { loadSchemas, preloadSchemas } from '../../forms/load-schemas';
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
  const [values, setValues] = useState({ newPassword: '', confirmPassword: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useRef<HTMLFormElement>(null);

  const reset = useMutation({
    mutationFn: resetPassword,
    onSuccess: () =>
      toast({ title: TOASTS.passwordResetTitle, description: TOASTS.passwordResetDescription }),
    onError: (error) => toastError(error),
  });

  const change = (field: keyof typeof values) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors(({ [field]: _dropped, ...rest }) => rest);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const schemas = await loadSchemas().catch((error: unknown) => void toastError(error));
    if (!schemas) return;
    const result = schemas.validate(schemas.resetPasswordFormSchema, values);
    if (!result.ok) {
      flushSync(() => setErrors(result.errors));
      focusFirstError(formRef.current);
      return;
    }
    reset.mutate({ token, newPassword: result.data.newPassword });
  };

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
          <form
            ref={formRef}
            className="form"
            onSubmit={submit}
            onFocus={preloadSchemas}
            noValidate
            aria-label="Reset password"
          >
            <Field label="New Password" error={errors.newPassword}>
              <Input
                name="newPassword"
                type="password"
                autoComplete="new-password"
                value={values.newPassword}
                onChange={(e) => change('newPassword')(e.target.value)}
              />
            </Field>
            <Field label="Confirm Password" error={errors.confirmPassword}>
              <Input
                name="confirmPassword"
                type="password"
                autoComplete="new-password"
                value={values.confirmPassword}
                onChange={(e) => change('confirmPassword')(e.target.value)}
              />
            </Field>
            <Button type="submit" block disabled={reset.isPending} aria-busy={reset.isPending}>
              {reset.isPending ? 'Resetting…' : SCREEN_TEXTS.resetPasswordButton}
            </Button>
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
