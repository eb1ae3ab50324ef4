import { GRADE_MAX, GRADE_MIN, SCHOOL_NAMES, type ConsentMode } from '@district/contracts';
import { Field, formatNumber, Select, translate, useAuth, useT, useSchemaForm } from '@district/ui';
import {
  EMAIL_INPUT,
  NEW_PASSWORD_INPUT,
  SubmitButton,
  TextField,
  USERNAME_INPUT,
} from '../../forms/form-fields';
import { loadSchemas } from '../../forms/load-schemas';
import { useRegisterOptions } from './auth.queries';

const SCHOOL_OPTIONS = SCHOOL_NAMES.map((name) => ({ value: name, label: name }));

const SCHOOL_MODE_INITIAL = {
  username: '',
  password: '',
  name: '',
  email: '',
  school: '',
  grade: '',
  serviceHours: '',
};

// Issue 20: in the district's guardian consent mode the form also asks for a date of birth and,
// for students under 13, a parent's or guardian's e-mail (the server decides who is under 13).
export function RegisterForm() {
  const options = useRegisterOptions();
  const mode: ConsentMode = options.data?.consentMode ?? 'school';
  // A new form when the mode arrives: the two modes accept different bodies.
  return <RegisterFormFor key={mode} mode={mode} />;
}

function RegisterFormFor({ mode }: { mode: ConsentMode }) {
  const { registerMutation } = useAuth();
  const { t } = useT();
  const guardian = mode === 'guardian';
  // Numbers arrive as text; the form schema turns them into numbers (and "" into "not given")
  // before the body's own schema checks them.
  const form = useSchemaForm({
    // School mode sends the spec's body exactly: the two keys are left out, not empty.
    initial: (guardian
      ? { ...SCHOOL_MODE_INITIAL, dateOfBirth: '', guardianEmail: '' }
      : SCHOOL_MODE_INITIAL) as typeof SCHOOL_MODE_INITIAL & {
      dateOfBirth?: string;
      guardianEmail?: string;
    },
    schema: async () => {
      const schemas = await loadSchemas();
      return guardian ? schemas.guardianRegisterFormSchema : schemas.registerFormSchema;
    },
    // A 400 naming fields (the toast says it too) also shows under those fields.
    onValid: (data) =>
      registerMutation.mutate(data, { onError: (error) => void form.showServerErrors(error) }),
  });

  return (
    <form {...form.formProps} className="form" aria-label={t('shell.register.formLabel')}>
      <TextField form={form} name="username" label={t('shell.form.username')} {...USERNAME_INPUT} />
      <TextField
        form={form}
        name="password"
        label={t('shell.form.password')}
        {...NEW_PASSWORD_INPUT}
      />
      <TextField form={form} name="name" label={t('shell.register.name')} autoComplete="name" />
      <TextField form={form} name="email" label={t('shell.form.email')} {...EMAIL_INPUT} />
      <Field
        label={t('shell.register.school')}
        error={form.errors.school && translate(form.errors.school)}
      >
        <Select
          name="school"
          options={SCHOOL_OPTIONS}
          placeholder={t('shell.register.schoolPlaceholder')}
          value={form.values.school || undefined}
          onValueChange={form.change('school')}
        />
      </Field>
      <div className="form__grid">
        <TextField
          form={form}
          name="grade"
          label={t('shell.register.grade')}
          type="number"
          inputMode="numeric"
          min={GRADE_MIN}
          max={GRADE_MAX}
          step={1}
        />
        <TextField
          form={form}
          name="serviceHours"
          label={t('shell.register.serviceHours')}
          optional
          type="number"
          inputMode="decimal"
          min={0}
          step={0.5}
          placeholder={formatNumber(0)}
        />
      </div>
      {guardian && (
        <>
          <TextField
            form={form}
            name="dateOfBirth"
            label={t('shell.register.dateOfBirth')}
            type="date"
            autoComplete="bday"
          />
          <TextField
            form={form}
            name="guardianEmail"
            label={t('shell.register.guardianEmail')}
            optional
            {...EMAIL_INPUT}
            autoComplete="off"
          />
        </>
      )}
      <SubmitButton pending={registerMutation.isPending} pendingLabel={t('shell.register.pending')}>
        {t('shell.register.submit')}
      </SubmitButton>
    </form>
  );
}
