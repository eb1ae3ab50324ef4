import type { ZodError } from 'zod';
import { formatZodError } from '@district/contracts';
import type { ErrorBody } from '../errors/error-body';

// 400 body for a failed zod parse: headline is the first problem, `errors` lists each field.
export function zodErrorBody(error: ZodError): ErrorBody {
  const formatted = formatZodError(error);
  return { statusCode: 400, message: formatted.message, errors: formatted.errors };
}
