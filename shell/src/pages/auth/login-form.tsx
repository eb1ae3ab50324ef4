import { useAuth, useT, useSchemaForm } from '@district/ui';
import { Link } from 'react-router-dom';
import { SubmitButton, TextField, USERNAME_INPUT } from '../../forms/form-fields';
import { DistrictSignIn } from './district-sign-in';
import { loadSchemas } from '../../forms/load-schemas';

export function LoginForm() {
  const { loginMutation } = useAuth();
  const { t, m } = useT();
  const form = useSchemaForm({
    initial: { username: '', password: '' },
    schema: async () => (await loadSchemas()).loginSchema,
    onValid: (data) => loginMutation.mutate(data),
  });

  return (
    <form {...form.formProps} className="form" aria-label={t('shell.login.formLabel')}>
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
