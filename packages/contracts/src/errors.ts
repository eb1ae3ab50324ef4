import { z } from 'zod';
import { fieldErrorMap, formatZodError } from './field-errors';

export { fieldErrorMap, formatZodError, zodIssuesToFieldErrors } from './field-errors';

// The one error shape (docs/architecture.md "Errors"): `errors` only on validation failures.
export const apiFieldErrorSchema = z.object({ path: z.string(), message: z.string() });
export type ApiFieldError = z.infer<typeof apiFieldErrorSchema>;

export const apiErrorSchema = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  errors: z.array(apiFieldErrorSchema).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

// Field → first message for `input`, empty when valid: what a form shows under its inputs.
export function validationErrors(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  return result.success ? {} : fieldErrorMap(result.error);
}

export type ParseResult<T> = { success: true; data: T } | { success: false; error: ApiError };

// safeParse with the platform's error shape.
export function parseWith<S extends z.ZodType>(
  schema: S,
  input: unknown,
): ParseResult<z.output<S>> {
  const result = schema.safeParse(input);
  return result.success
    ? { success: true, data: result.data }
    : { success: false, error: formatZodError(result.error) };
}

export function isApiError(value: unknown): value is ApiError {
  return apiErrorSchema.safeParse(value).success;
}
