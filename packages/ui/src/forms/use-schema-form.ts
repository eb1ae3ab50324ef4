import { fieldErrorMap } from '@district/contracts';
import {
  useEffect,
  useRef,
  useState,
  type FormEvent,
  type FocusEvent,
  type RefObject,
} from 'react';
import type { z } from 'zod';
import { translate } from '../i18n/i18n';
import { toastError } from '../store/platform-store';

export type FieldErrors = Record<string, string>;
type FormValues = object;

type SchemaSource = z.ZodType | (() => Promise<z.ZodType>);
// The schema itself, or the one its loader resolves to.
type SchemaOf<L extends SchemaSource> = L extends () => Promise<infer S> ? S : L;

export interface SchemaFormOptions<V extends FormValues, L extends SchemaSource> {
  initial: V | (() => V);
  // The contracts schema the service parses with (DESIGN rule 4), so the form shows the service's
  // own messages before any request. A loader keeps zod out of a page's first load (the shell).
  schema: L;
  // The values as the schema's input, when the form holds them differently (default: as they are).
  toInput?: (values: V) => unknown;
  onValid: (data: z.output<SchemaOf<L>>, values: V) => void;
  // After a first submit, check the whole form again on every change (default: a change clears
  // that field's message, the user is fixing it).
  revalidateOnChange?: boolean;
}

export interface SchemaForm<V extends FormValues> {
  values: V;
  // Field → the schema's (or the server's) message, in the shared catalogue's English.
  errors: FieldErrors;
  // Fields the user has changed or left since the form was (re)set.
  touched: Partial<Record<keyof V & string, true>>;
  change: <K extends keyof V & string>(field: K) => (value: V[K]) => void;
  setValues: (update: (values: V) => V) => void;
  // Back to the initial values (or the ones given), no messages, nothing touched.
  reset: (values?: V) => void;
  // A field's message in the language in use, undefined when it has none.
  fieldError: (field: string) => string | undefined;
  // A refused request's 400 field errors shown under their fields; false when it had none.
  showServerErrors: (error: unknown) => boolean;
  submit: () => Promise<void>;
  formProps: {
    ref: RefObject<HTMLFormElement | null>;
    onSubmit: (event: FormEvent<HTMLFormElement>) => void;
    onBlur: (event: FocusEvent<HTMLFormElement>) => void;
    onFocus?: () => void;
    noValidate: true;
  };
}

const isLoader = (schema: SchemaSource): schema is () => Promise<z.ZodType> =>
  typeof schema === 'function';

// A refused request (api-client's error) carries the body's `errors` list on 400.
function serverFieldErrors(error: unknown): FieldErrors {
  const list = (error as { errors?: unknown } | null)?.errors;
  return Array.isArray(list) ? fieldErrorMap({ statusCode: 400, message: '', errors: list }) : {};
}

// Move focus to the first field with a problem, in form order, so keyboard and screen reader
// users land on it (Field marks it aria-invalid and ties the message to it).
function focusFirstError(form: HTMLFormElement | null): void {
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}

// Every form of the platform: its values, per-field messages from the contracts schema, touched
// fields, the server's 400 field errors, focus on the first field in error, and `onValid` with
// the parsed data only when the whole form passes.
export function useSchemaForm<V extends FormValues, L extends SchemaSource>(
  options: SchemaFormOptions<V, L>,
): SchemaForm<V> {
  type S = SchemaOf<L>;
  const [values, setValuesState] = useState<V>(options.initial);
  const [errors, setErrorsState] = useState<FieldErrors>({});
  const [touched, setTouched] = useState<SchemaForm<V>['touched']>({});
  const submitted = useRef(false);
  const loaded = useRef<z.ZodType | undefined>(
    isLoader(options.schema) ? undefined : options.schema,
  );
  const formRef = useRef<HTMLFormElement>(null);
  const latest = useRef(options);
  latest.current = options;

  const check = (schema: z.ZodType, current: V) => {
    const result = schema.safeParse((latest.current.toInput ?? ((v: V) => v))(current));
    return result.success
      ? ({ ok: true, data: result.data as z.output<S> } as const)
      : ({ ok: false, errors: fieldErrorMap(result.error) } as const);
  };

  const change =
    <K extends keyof V & string>(field: K) =>
    (value: V[K]) => {
      setValuesState((v) => ({ ...v, [field]: value }));
      setTouched((t) => ({ ...t, [field]: true }));
      if (!latest.current.revalidateOnChange) {
        setErrorsState(({ [field]: _dropped, ...rest }) => rest);
      } else if (submitted.current && loaded.current) {
        const result = check(loaded.current, { ...values, [field]: value });
        setErrorsState(result.ok ? {} : result.errors);
      }
    };

  const loadSchema = async (): Promise<z.ZodType> => {
    const schema = latest.current.schema;
    loaded.current ??= isLoader(schema) ? await schema() : schema;
    return loaded.current;
  };

  // Messages just set: once they are drawn (aria-invalid on their fields), focus the first.
  const focusPending = useRef(false);
  useEffect(() => {
    if (!focusPending.current) return;
    focusPending.current = false;
    focusFirstError(formRef.current);
  }, [errors]);
  const showErrors = (found: FieldErrors) => {
    focusPending.current = true;
    setErrorsState(found);
  };

  const validateAndSend = (schema: z.ZodType) => {
    const result = check(schema, values);
    if (!result.ok) return showErrors(result.errors);
    setErrorsState({});
    latest.current.onValid(result.data, values);
  };

  // Synchronous once the schema is there (always, for a schema given as such).
  const submit = async () => {
    submitted.current = true;
    if (loaded.current) return validateAndSend(loaded.current);
    const schema = await loadSchema().catch((error: unknown) => void toastError(error));
    if (schema) validateAndSend(schema);
  };

  const showServerErrors = (error: unknown) => {
    const found = serverFieldErrors(error);
    if (Object.keys(found).length === 0) return false;
    showErrors(found);
    return true;
  };

  return {
    values,
    errors,
    touched,
    change,
    setValues: setValuesState,
    reset: (next) => {
      submitted.current = false;
      setValuesState(next ?? options.initial);
      setErrorsState({});
      setTouched({});
    },
    fieldError: (field) => (errors[field] ? translate(errors[field]) : undefined),
    showServerErrors,
    submit,
    formProps: {
      ref: formRef,
      onSubmit: (event) => {
        event.preventDefault();
        void submit();
      },
      onBlur: (event) => {
        const name = (event.target as { name?: unknown }).name;
        if (typeof name === 'string' && name) setTouched((t) => ({ ...t, [name]: true }));
      },
      // By the time the user submits, a lazily loaded schema is there.
      onFocus: isLoader(options.schema)
        ? () => {
            if (!loaded.current)
              loadSchema().catch(() => {
                // A failed preload is retried by the submit that needs it.
              });
          }
        : undefined,
      noValidate: true,
    },
  };
}
