import {
  apiPaths,
  GRADE_MAX,
  GRADE_MIN,
  SCHOOL_NAMES,
  type ConsentMode,
  type RegisterOptions,
} from '@district/contracts';
import { apiRequest, Field, Select, useAuth } from '@district/ui';
import { useQuery } from '@tanstack/react-query';
import {
  EMAIL_INPUT,
  NEW_PASSWORD_INPUT,
  USERNAME_INPUT,
  SubmitButton,
  TextField,
  useSchemaForm,
} from '../../forms/schema-form';

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
  const options = useQuery<RegisterOptions>({
    queryKey: [apiPaths.registerOptions],
    queryFn: async () => (await apiRequest('GET', apiPaths.registerOptions)).json(),
    staleTime: 60_000,
  });
  const mode: ConsentMode = options.data?.consentMode ?? 'school';
  // A new form when the mode arrives: the two modes accept different bodies.
  return <RegisterFormFor key={mode} mode={mode} />;
}

function RegisterFormFor({ mode }: { mode: ConsentMode }) {
  const { registerMutation } = useAuth();
  const guardian = mode === 'guardian';
  // Numbers arrive as text; the schema turns them into numbers (and "" into "not given").
  const form = useSchemaForm({
    // School mode sends the spec's body exactly: the two keys are left out, not empty.
    initial: (guardian
      ? { ...SCHOOL_MODE_INITIAL, dateOfBirth: '', guardianEmail: '' }
      : SCHOOL_MODE_INITIAL) as typeof SCHOOL_MODE_INITIAL & {
      dateOfBirth?: string;
      guardianEmail?: string;
    },
    schema: (schemas) => (guardian ? schemas.guardianRegisterFormSchema : schemas.registerSchema),
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
      {guardian && (
        <>
          <TextField
            form={form}
            name="dateOfBirth"
            label="Date of Birth"
            type="date"
            autoComplete="bday"
          />
          <TextField
            form={form}
            name="guardianEmail"
            label="Parent or Guardian Email (if you are under 13)"
            optional
            {...EMAIL_INPUT}
            autoComplete="off"
          />
        </>
      )}
      <SubmitButton pending={registerMutation.isPending} pendingLabel="Creating account…">
        Register
      </SubmitButton>
    </form>
  );
}
