import { apiPaths, SCREEN_TEXTS, TOASTS } from '@district/contracts';
import {
  apiRequest,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
  MailIcon,
  toast,
  toastError,
} from '@district/ui';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { EMAIL_INPUT, SubmitButton, TextField, useSchemaForm } from '../../forms/schema-form';
import { PublicShell } from '../public-shell';

export function ForgotPasswordPage() {
  const request = useMutation({
    mutationFn: async (body: { email: string }) =>
      (await apiRequest('POST', apiPaths.passwordResetRequest, body)).json() as Promise<unknown>,
    // Same answer whether or not the account exists (SPEC §8).
    onSuccess: () =>
      toast({ title: TOASTS.resetLinkSentTitle, description: TOASTS.resetLinkSentDescription }),
    onError: (error) => toastError(error),
  });

  const form = useSchemaForm({
    initial: { email: '' },
    schema: (schemas) => schemas.forgotPasswordSchema,
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
            <CardTitle as="h1">{SCREEN_TEXTS.checkYourEmail}</CardTitle>
            <CardDescription>
              If an account exists for <strong>{form.values.email.trim()}</strong>, we have sent a
              link to reset your password. It expires in one hour.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <p className="muted">
              Didn&apos;t get it? Check your spam or junk folder, or try again in a few minutes.
            </p>
          </CardContent>
          <CardFooter>
            <Button asChild block>
              <Link to="/auth">Back to Login</Link>
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
          <CardTitle as="h1">Forgot your password?</CardTitle>
          <CardDescription>
            Enter the email address you registered with and we will send you a reset link.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form {...form.formProps} aria-label="Request a password reset link">
            <TextField form={form} name="email" label="Email" {...EMAIL_INPUT} />
            <SubmitButton pending={request.isPending} pendingLabel="Sending…">
              {SCREEN_TEXTS.sendResetLink}
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
