import type { z } from 'zod';
import type { ApiError, ApiFieldError } from './errors';
import { VALIDATION } from './messages';

// The zod issues → field messages mapping, with zod imported for its types only: browser forms
// load it with their first screen while zod itself stays in a lazily loaded chunk.
type Issue = z.core.$ZodIssue;

const DEFAULT_TYPE_MESSAGE = /^Invalid input: expected (.+), received (.+)$/;

// zod's wording → the spec's generic defaults: "Required" and "Expected X, received Y".
function issueMessage(issue: Issue): string {
  if (issue.code === 'invalid_type') {
    const match = DEFAULT_TYPE_MESSAGE.exec(issue.message);
    if (match) {
      const [, expected, received] = match;
      return received === 'undefined'
        ? VALIDATION.required
        : VALIDATION.expected(expected, received);
    }
  }
  return issue.message;
}

const joinPath = (path: readonly PropertyKey[]) => path.map((p) => String(p)).join('.');

// One entry per problem, unknown keys split so each names its own field.
export function zodIssuesToFieldErrors(issues: readonly Issue[]): ApiFieldError[] {
  const errors: ApiFieldError[] = [];
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        errors.push({
          path: joinPath([...issue.path, key]),
          message: VALIDATION.unrecognizedField(key),
        });
      }
    } else {
      errors.push({ path: joinPath(issue.path), message: issueMessage(issue) });
    }
  }
  return errors;
}

// Duck-typed rather than `instanceof`: a browser page may end up with two copies of zod.
function issuesOf(error: z.ZodError | readonly Issue[]): readonly Issue[] {
  return Array.isArray(error) ? (error as readonly Issue[]) : (error as z.ZodError).issues;
}

const isZodErrorLike = (value: unknown): value is z.ZodError =>
  typeof value === 'object' &&
  value !== null &&
  Array.isArray((value as { issues?: unknown }).issues);

// 400 body for a failed parse; used by the service pipe and by browser forms alike.
export function formatZodError(error: z.ZodError | readonly Issue[]): ApiError {
  const errors = zodIssuesToFieldErrors(issuesOf(error));
  return { statusCode: 400, message: errors[0]?.message ?? 'Bad Request', errors };
}

// First message per field, for showing under form inputs: { caption: 'Caption is required' }.
export function fieldErrorMap(error: z.ZodError | ApiError): Record<string, string> {
  const list = isZodErrorLike(error) ? zodIssuesToFieldErrors(error.issues) : (error.errors ?? []);
  const map: Record<string, string> = {};
  for (const { path, message } of list) {
    if (!(path in map)) map[path] = message;
  }
  return map;
}
