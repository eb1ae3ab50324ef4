import { Button, Field, Input, toastError, translate, useT } from '@district/ui';
import { useRef, useState, type ComponentProps, type FormEvent, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import type { z } from 'zod';
import { focusFirstError, type FieldErrors } from './form-helpers';
import { loadSchemas, preloadSchemas } from './load-schemas';

type Schemas = Awaited<ReturnType<typeof loadSchemas>>;
type FormValues = Record<string, string>;

export interface SchemaForm<V extends FormValues> {
  values: V;
  errors: FieldErrors;
  // Sets one field and clears its message (the user is fixing it).
  change: (field: keyof V & string) => (value: string) => void;
  formProps: ComponentProps<'form'>;
}

// The auth forms' scaffold: text values, per-field messages from the same contracts schema the
// service parses with (loaded lazily, see schemas.ts), focus on the first field in error, and
// `onValid` with the parsed data only when the whole form passes.
export function useSchemaForm<V extends FormValues, S extends z.ZodType>(options: {
  initial: V;
  schema: (schemas: Schemas) => S;
  onValid: (data: z.output<S>) => void;
}): SchemaForm<V> {
  const [values, setValues] = useState<V>(options.initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useRef<HTMLFormElement>(null);

  const change = (field: keyof V & string) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors(({ [field]: _dropped, ...rest }) => rest);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const schemas = await loadSchemas().catch((error: unknown) => void toastError(error));
    if (!schemas) return;
    const result = schemas.validate(options.schema(schemas), values);
    if (!result.ok) {
      flushSync(() => setErrors(result.errors));
      focusFirstError(formRef.current);
      return;
    }
    options.onValid(result.data);
  };

  return {
    values,
    errors,
    change,
    formProps: {
      ref: formRef,
      className: 'form',
      onSubmit: (event) => void onSubmit(event),
      onFocus: preloadSchemas,
      noValidate: true,
    },
  };
}

// Input attributes the auth forms share, so each field is one line.
export const USERNAME_INPUT = {
  autoComplete: 'username',
  autoCapitalize: 'none',
  spellCheck: false,
} as const;
export const EMAIL_INPUT = { type: 'email', inputMode: 'email', autoComplete: 'email' } as const;
export const NEW_PASSWORD_INPUT = { type: 'password', autoComplete: 'new-password' } as const;

// A labelled text input bound to one field of a schema form.
export function TextField<V extends FormValues>({
  form,
  name,
  label,
  optional,
  description,
  ...input
}: {
  form: SchemaForm<V>;
  name: keyof V & string;
  label: string;
  optional?: boolean;
  description?: string;
} & Omit<ComponentProps<typeof Input>, 'name' | 'value' | 'onChange' | 'form'>) {
  // The schema speaks English (the service parses with it); the message is shown in the
  // language in use, and follows a language switch (useT re-renders).
  useT();
  const error = form.errors[name];
  return (
    <Field
      label={label}
      optional={optional}
      description={description}
      error={error && translate(error)}
    >
      <Input
        name={name}
        value={form.values[name]}
        onChange={(e) => form.change(name)(e.target.value)}
        {...input}
      />
    </Field>
  );
}

// The full-width submit button, busy while the request is in flight.
export function SubmitButton({
  pending,
  pendingLabel,
  children,
}: {
  pending: boolean;
  pendingLabel: string;
  children: ReactNode;
}) {
  return (
    <Button type="submit" block disabled={pending} aria-busy={pending}>
      {pending ? pendingLabel : children}
    </Button>
  );
}
