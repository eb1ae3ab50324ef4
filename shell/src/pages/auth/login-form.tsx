import { useAuth, useT } from '@district/ui';
import { Link } from 'react-router-dom';
import { DistrictSignIn } from './district-sign-in';
import { USERNAME_INPUT, SubmitButton, TextField, useSchemaForm } from '../../forms/schema-form';

export function LoginForm() {
  const { loginMutation } = useAuth();
  const { t, m } = useT();
  const form = useSchemaForm({
    initial: { username: '', password: '' },
    schema: (schemas) => schemas.loginSchema,
    onValid: (data) => loginMutation.mutate(data),
  });

  return (
    <form {...form.formProps} aria-label={t('shell.login.formLabel')}>
      <TextField form={form} name="username" label={t('shell.form.username')} {...USERNAME_INPUT} />
      <TextField
        form={form}
        name="password"
        label={t('shell.form.password')}
        type="password"
        autoComplete="current-password"
      />
      <div className="form__row-end">
        <Link to="/forgot-password" className="text-link">
          {m.screen.forgotPasswordLink}
        </Link>
      </div>
      <SubmitButton pending={loginMutation.isPending} pendingLabel={t('shell.login.pending')}>
        {t('shell.login.submit')}
      </SubmitButton>
      <DistrictSignIn />
    </form>
  );
}
