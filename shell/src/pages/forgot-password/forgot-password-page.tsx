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
  Field,
  Input,
  MailIcon,
  toast,
  toastError,
} from '@district/ui';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'react-router-dom';
import { focusFirstError, type FieldErrors } from '../../forms/form-helpers';
import { loadSchemas, preloadSchemas } from '../../forms/load-schemas';
import { PublicShell } from '../public-shell';

export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useRef<HTMLFormElement>(null);

  const request = useMutation({
    mutationFn: async (body: { email: string }) =>
      (await apiRequest('POST', apiPaths.passwordResetRequest, body)).json() as Promise<unknown>,
    // Same answer whether or not the account exists (SPEC §8).
    onSuccess: () =>
      toast({ title: TOASTS.resetLinkSentTitle, description: TOASTS.resetLinkSentDescription }),
    onError: (error) => toastError(error),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const schemas = await loadSchemas().catch((error: unknown) => void toastError(error));
    if (!schemas) return;
    const result = schemas.validate(schemas.forgotPasswordSchema, { email });
    if (!result.ok) {
      flushSync(() => setErrors(result.errors));
      focusFirstError(formRef.current);
      return;
    }
    request.mutate(result.data);
  };

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
              If an account exists for <strong>{email.trim()}</strong>, we have sent a link to reset
              your password. It expires in one hour.
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
          <form
            ref={formRef}
            className="form"
            onSubmit={submit}
            onFocus={preloadSchemas}
            noValidate
            aria-label="Request a password reset link"
          >
            <Field label="Email" error={errors.email}>
              <Input
                name="email"
                type="email"
                inputMode="email"
                autoComplete="email"
                value={email}
                onChange={(e) => {
                  setEmail(e.target.value);
                  setErrors({});
                }}
              />
            </Field>
            <Button type="submit" block disabled={request.isPending} aria-busy={request.isPending}>
              {request.isPending ? 'Sending…' : SCREEN_TEXTS.sendResetLink}
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
