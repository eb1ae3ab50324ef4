import { SCREEN_TEXTS } from '@district/contracts';
import { useAuth } from '@district/ui';
import { Link } from 'react-router-dom';
import { USERNAME_INPUT, SubmitButton, TextField, useSchemaForm } from '../../forms/schema-form';

export function LoginForm() {
  const { loginMutation } = useAuth();
  const form = useSchemaForm({
    initial: { username: '', password: '' },
    schema: (schemas) => schemas.loginSchema,
    onValid: (data) => loginMutation.mutate(data),
  });

  return (
    <form {...form.formProps} aria-label="Login">
      <TextField form={form} name="username" label="Username" {...USERNAME_INPUT} />
      <TextField
        form={form}
        name="password"
        label="Password"
        type="password"
        autoComplete="current-password"
      />
      <div className="form__row-end">
        <Link to="/forgot-password" className="text-link">
          {SCREEN_TEXTS.forgotPasswordLink}
        </Link>
      </div>
      <SubmitButton pending={loginMutation.isPending} pendingLabel="Logging in…">
        Login
      </SubmitButton>
    </form>
  );
}
