import { GRADE_MAX, GRADE_MIN, SCHOOL_NAMES } from '@district/contracts';
import { Button, Field, Input, Select, toastError, useAuth } from '@district/ui';
import { useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { focusFirstError, type FieldErrors } from '../../forms/form-helpers';
import { loadSchemas, preloadSchemas } from '../../forms/load-schemas';

const SCHOOL_OPTIONS = SCHOOL_NAMES.map((name) => ({ value: name, label: name }));

const EMPTY = {
  username: '',
  password: '',
  name: '',
  email: '',
  school: '',
  grade: '',
  serviceHours: '',
};

type Values = typeof EMPTY;

export function RegisterForm() {
  const { registerMutation } = useAuth();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useRef<HTMLFormElement>(null);

  const change = (field: keyof Values) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors(({ [field]: _dropped, ...rest }) => rest);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const schemas = await loadSchemas().catch((error: unknown) => void toastError(error));
    if (!schemas) return;
    // Numbers arrive as text; the schema turns them into numbers (and "" into "not given").
    const result = schemas.validate(schemas.registerSchema, values);
    if (!result.ok) {
      flushSync(() => setErrors(result.errors));
      focusFirstError(formRef.current);
      return;
    }
    registerMutation.mutate(result.data);
  };

  return (
    <form
      ref={formRef}
      className="form"
      onSubmit={submit}
      onFocus={preloadSchemas}
      noValidate
      aria-label="Register"
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
          autoComplete="new-password"
          value={values.password}
          onChange={(e) => change('password')(e.target.value)}
        />
      </Field>
      <Field label="Full Name" error={errors.name}>
        <Input
          name="name"
          autoComplete="name"
          value={values.name}
          onChange={(e) => change('name')(e.target.value)}
        />
      </Field>
      <Field label="Email" error={errors.email}>
        <Input
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          value={values.email}
          onChange={(e) => change('email')(e.target.value)}
        />
      </Field>
      <Field label="School" error={errors.school}>
        <Select
          name="school"
          options={SCHOOL_OPTIONS}
          placeholder="Select your school"
          value={values.school || undefined}
          onValueChange={change('school')}
        />
      </Field>
      <div className="form__grid">
        <Field label="Grade" error={errors.grade}>
          <Input
            name="grade"
            type="number"
            inputMode="numeric"
            min={GRADE_MIN}
            max={GRADE_MAX}
            step={1}
            value={values.grade}
            onChange={(e) => change('grade')(e.target.value)}
          />
        </Field>
        <Field label="Service Hours" optional error={errors.serviceHours}>
          <Input
            name="serviceHours"
            type="number"
            inputMode="decimal"
            min={0}
            step={0.5}
            placeholder="0"
            value={values.serviceHours}
            onChange={(e) => change('serviceHours')(e.target.value)}
          />
        </Field>
      </div>
      <Button
        type="submit"
        block
        disabled={registerMutation.isPending}
        aria-busy={registerMutation.isPending}
      >
        {registerMutation.isPending ? 'Creating account…' : 'Register'}
      </Button>
    </form>
  );
}
