import { Button, Field, Input, useT, type SchemaForm } from '@district/ui';
import type { ComponentProps, ReactNode } from 'react';

type FormValues = Record<string, string>;

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
  return (
    <Field
      label={label}
      optional={optional}
      description={description}
      error={form.fieldError(name)}
    >
      <Input
        name={name}
        value={form.values[name]}
        onChange={(e) => form.change(name)(e.target.value as V[typeof name])}
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
