import { GRADE_MAX, GRADE_MIN, SCHOOL_NAMES } from '@district/contracts';
import { Field, Select, useAuth } from '@district/ui';
import {
  EMAIL_INPUT,
  NEW_PASSWORD_INPUT,
  USERNAME_INPUT,
  SubmitButton,
  TextField,
  useSchemaForm,
} from '../../forms/schema-form';

const SCHOOL_OPTIONS = SCHOOL_NAMES.map((name) => ({ value: name, label: name }));

export function RegisterForm() {
  const { registerMutation } = useAuth();
  // Numbers arrive as text; the schema turns them into numbers (and "" into "not given").
  const form = useSchemaForm({
    initial: {
      username: '',
      password: '',
      name: '',
      email: '',
      school: '',
      grade: '',
      serviceHours: '',
    },
    schema: (schemas) => schemas.registerSchema,
    onValid: (data) => registerMutation.mutate(data),
  });

  return (
    <form {...form.formProps} aria-label="Register">
      <TextField form={form} name="username" label="Username" {...USERNAME_INPUT} />
      <TextField form={form} name="password" label="Password" {...NEW_PASSWORD_INPUT} />
      <TextField form={form} name="name" label="Full Name" autoComplete="name" />
      <TextField form={form} name="email" label="Email" {...EMAIL_INPUT} />
      <Field label="School" error={form.errors.school}>
        <Select
          name="school"
          options={SCHOOL_OPTIONS}
          placeholder="Select your school"
          value={form.values.school || undefined}
          onValueChange={form.change('school')}
        />
      </Field>
      <div className="form__grid">
        <TextField
          form={form}
          name="grade"
          label="Grade"
          type="number"
          inputMode="numeric"
          min={GRADE_MIN}
          max={GRADE_MAX}
          step={1}
        />
        <TextField
          form={form}
          name="serviceHours"
          label="Service Hours"
          optional
          type="number"
          inputMode="decimal"
          min={0}
          step={0.5}
          placeholder="0"
        />
      </div>
      <SubmitButton pending={registerMutation.isPending} pendingLabel="Creating account…">
        Register
      </SubmitButton>
    </form>
  );
}
