import {
  GRADE_MAX,
  GRADE_MIN,
  REGISTRATION_MESSAGES,
  SCHOOL_NAMES,
  type RegisterOptions,
} from '@district/contracts';
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

const DEFAULT_OPTIONS: RegisterOptions = { consentMode: 'school', registrationPolicy: 'open' };

interface RegisterValues {
  username: string;
  password: string;
  name: string;
  email: string;
  school?: string;
  grade?: string;
  serviceHours: string;
  dateOfBirth?: string;
  guardianEmail?: string;
  joinCode?: string;
}

// The fields the district's options ask for; in open school mode exactly the spec's form.
function initialValues({ consentMode, registrationPolicy }: RegisterOptions): RegisterValues {
  return {
    username: '',
    password: '',
    name: '',
    email: '',
    ...(registrationPolicy === 'open' ? { school: '' } : {}),
    ...(registrationPolicy === 'roster' ? {} : { grade: '' }),
    serviceHours: '',
    ...(consentMode === 'guardian' ? { dateOfBirth: '', guardianEmail: '' } : {}),
    ...(registrationPolicy === 'joinCode' ? { joinCode: '' } : {}),
  };
}

// Issue 20: in the district's guardian consent mode the form also asks for a date of birth and,
// for students under 13, a parent's or guardian's e-mail (the server decides who is under 13).
// Issue 31: the registration policy decides the rest: a join code (which sets the school), the
// roster (which holds school and grade), or no password registration at all.
export function RegisterForm() {
  const options = useRegisterOptions();
  const current = { ...DEFAULT_OPTIONS, ...options.data };
  if (current.registrationPolicy === 'districtSignIn')
    return <p role="status">{translate(REGISTRATION_MESSAGES.districtSignInOnly)}</p>;
  // A new form when the options arrive: each accepts a different body.
  return (
    <RegisterFormFor
      key={`${current.consentMode}-${current.registrationPolicy}`}
      options={current}
    />
  );
}

function RegisterFormFor({ options }: { options: RegisterOptions }) {
  const { registerMutation } = useAuth();
  const { t } = useT();
  const policy = options.registrationPolicy;
  // Numbers arrive as text; the form schema turns them into numbers (and "" into "not given")
  // before the body's own schema checks them.
  const form = useSchemaForm({
    initial: initialValues(options),
    schema: async () => (await loadSchemas()).registerFormSchemaFor(options),
    // A 400 naming fields (the toast says it too) also shows under those fields.
    onValid: (data) =>
      registerMutation.mutate(data, { onError: (error) => void form.showServerErrors(error) }),
  });

  return (
    <form {...form.formProps} className="form" aria-label={t('shell.register.formLabel')}>
      {policy === 'joinCode' && (
        <TextField
          form={form}
          name="joinCode"
          label={t('shell.register.joinCode')}
          description={t('shell.register.joinCodeHint')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
        />
      )}
      <TextField form={form} name="username" label={t('shell.form.username')} {...USERNAME_INPUT} />
      <TextField
        form={form}
        name="password"
        label={t('shell.form.password')}
        {...NEW_PASSWORD_INPUT}
      />
      <TextField form={form} name="name" label={t('shell.register.name')} autoComplete="name" />
      <TextField
        form={form}
        name="email"
        label={t('shell.form.email')}
        description={policy === 'roster' ? t('shell.register.rosterEmailHint') : undefined}
        {...EMAIL_INPUT}
      />
      {policy === 'open' && (
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
      )}
      <div className="form__grid">
        {policy !== 'roster' && (
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
        )}
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
      {options.consentMode === 'guardian' && (
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
            // The label says when it is needed ("if you are under 13"): no "(optional)" after it.
            label={t('shell.register.guardianEmail')}
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
