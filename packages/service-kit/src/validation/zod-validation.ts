import { BadRequestException, NotFoundException } from '@nestjs/common';
import { createZodValidationPipe } from 'nestjs-zod';
import { ZodError } from 'zod';
import { zodErrorBody } from './zod-error-body';

const flagsNotFound = (issue: ZodError['issues'][number]) =>
  issue.code === 'custom' && issue.params?.notFound === true;

// nestjs-zod hands every failed parse here: the kit's 400 body (statusCode, message,
// errors[{path, message}]) instead of its own "Validation failed" with raw zod issues. A route id
// that cannot exist (contracts' routeIdSchema) is a 404, as for any unknown id. Anything else a
// schema threw is a bug and stays one (500, logged).
export function zodValidationException(error: unknown): Error {
  if (!(error instanceof ZodError))
    return error instanceof Error ? error : new Error(String(error));
  // The 404 only when nothing else is wrong: a bad field is still the caller's 400.
  const issues = error.issues.filter((issue) => !flagsNotFound(issue));
  if (issues.length === 0) return new NotFoundException('Not found');
  return new BadRequestException(zodErrorBody(new ZodError(issues)));
}

// Registered once by ServiceKitModule (APP_PIPE): parses every @Body(), @Query() and @Param()
// whose type is a createZodDto class, and passes the parsed (coerced, stripped) value on.
export const ApiValidationPipe = createZodValidationPipe({
  createValidationException: zodValidationException,
});
