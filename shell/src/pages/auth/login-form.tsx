import { SCREEN_TEXTS } from '@district/contracts';
import { Button, Field, Input, toastError, useAuth } from '@district/ui';
import { useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'react-router-dom';
import { focusFirstError, type FieldErrors } from '../../forms/form-helpers';
import { loadSchemas, preloadSchemas } from '../../forms/load-schemas';

export function LoginForm() {
  const { loginMutation } = useAuth();
  const [values, setValues] = useState({ username: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useRef<HTMLFormElement>(null);

  const change = (field: keyof typeof values) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors(({ [field]: _dropped, ...rest }) => rest);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const schemas = await loadSchemas().catch((error: unknown) => void toastError(error));
    if (!schemas) return;
    const result = schemas.validate(schemas.loginSchema, values);
    if (!result.ok) {
      flushSync(() => setErrors(result.errors));
      focusFirstError(formRef.current);
      return;
    }
    loginMutation.mutate(result.data);
  };

  return (
    <form
      ref={formRef}
      className="form"
      onSubmit={submit}
      onFocus={preloadSchemas}
      noValidate
      aria-label="Login"
    >
      <Field label="Username" error={errors.username}>
        <Input
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={values.username}
          onChange={(e) => change('username')(e.target.value)}
        />
      </Field>
      <Field label="Password" error={errors.password}>
        <Input
          name="password"
          type="password"
          autoComplete="current-password"
          value={values.password}
          onChange={(e) => change('password')(e.target.value)}
        />
      </Field>
      <div className="form__row-end">
        <Link to="/forgot-password" className="text-link">
          {SCREEN_TEXTS.forgotPasswordLink}
        </Link>
      </div>
      <Button
        type="submit"
        block
        disabled={loginMutation.isPending}
        aria-busy={loginMutation.isPending}
      >
        {loginMutation.isPending ? 'Logging in…' : 'Login'}
      </Button>
    </form>
  );
}
