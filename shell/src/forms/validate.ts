import { fieldErrorMap } from '@district/contracts';
import type { z } from 'zod';
import type { FieldErrors } from './form-helpers';

export type Validation<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

// The same contracts schema the service parses with (DESIGN rule 4), so the form shows the
// service's exact messages before any request is sent.
export function validate<S extends z.ZodType>(schema: S, values: unknown): Validation<z.output<S>> {
  const result = schema.safeParse(values);
  return result.success
    ? { ok: true, data: result.data }
    : { ok: false, errors: fieldErrorMap(result.error) };
}
