import { BadRequestException, HttpException } from '@nestjs/common';
import { ZodError } from 'zod';
import { QueryFailedError } from 'typeorm';
import { API_MESSAGES } from '@district/contracts';
import { zodErrorBody } from '../validation/zod-error-body';
import { isDependencyOutage } from './dependency-outage';

export interface FieldError {
  path: string;
  message: string;
}

// The one error shape of docs/architecture.md: `errors` only on validation failures.
export interface ErrorBody {
  statusCode: number;
  message: string;
  errors?: FieldError[];
}

// For checks a schema cannot express (e.g. "username already taken"): a 400 naming the field.
export function fieldError(path: string, message: string): BadRequestException {
  const errors: FieldError[] = [{ path, message }];
  return new BadRequestException({ statusCode: 400, message, errors });
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  409: 'Conflict',
  413: 'Request body too large',
  414: 'URI too long',
  415: 'Unsupported media type',
  429: 'Too many requests',
  500: 'Internal server error',
  503: 'Service unavailable',
};

export function statusText(status: number): string {
  return STATUS_TEXT[status] ?? (status >= 500 ? 'Internal server error' : 'Request failed');
}

const INTERNAL: ErrorBody = { statusCode: 500, message: 'Internal server error' };

function isFieldErrorList(value: unknown): value is FieldError[] {
  return (
    Array.isArray(value) &&
    value.every(
      (e) =>
        e && typeof e === 'object' && typeof e.path === 'string' && typeof e.message === 'string',
    )
  );
}

function fromHttpException(exception: HttpException): ErrorBody {
  const status = exception.getStatus();
  // A 500 never carries its message: it may hold internal details.
  if (status === 500) return INTERNAL;
  const response = exception.getResponse();
  if (typeof response === 'string') return { statusCode: status, message: response };
  const raw = response as { message?: unknown; errors?: unknown };
  // Nest's built-in exceptions may carry an array of messages; the first one is the headline.
  const message =
    typeof raw.message === 'string'
      ? raw.message
      : Array.isArray(raw.message) && typeof raw.message[0] === 'string'
        ? raw.message[0]
        : statusText(status);
  const body: ErrorBody = { statusCode: status, message };
  if (isFieldErrorList(raw.errors) && raw.errors.length > 0) body.errors = raw.errors;
  return body;
}

// Errors raised by Fastify itself (body parser, limits) carry a 4xx statusCode and an FST_ code.
function fromFrameworkError(error: {
  statusCode: number;
  code?: string;
  message?: string;
}): ErrorBody {
  const status = error.statusCode;
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { statusCode: 400, message: 'Malformed JSON in request body' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { statusCode: 400, message: 'Request body is empty but its content type is JSON' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { statusCode: 413, message: 'Request body too large' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { statusCode: 415, message: 'Unsupported media type' };
    default:
      return { statusCode: status, message: statusText(status) };
  }
}

export interface MappedError {
  body: ErrorBody;
  // True when the error is ours (a bug or an outage), so it must be logged with its stack.
  unexpected: boolean;
}

const UNAVAILABLE: ErrorBody = { statusCode: 503, message: API_MESSAGES.serviceUnavailable };

export function mapError(error: unknown): MappedError {
  // PostgreSQL or Redis unreachable: a 503 the client may retry (with Retry-After), not a 500.
  // Still logged: an operator wants to see the outage.
  if (!(error instanceof HttpException) && isDependencyOutage(error))
    return { body: UNAVAILABLE, unexpected: true };
  if (error instanceof HttpException) {
    const body = fromHttpException(error);
    return { body, unexpected: body.statusCode >= 500 };
  }
  if (error instanceof ZodError) return { body: zodErrorBody(error), unexpected: false };
  if (error instanceof QueryFailedError) {
    const code = (error.driverError as { code?: string } | undefined)?.code;
    // A unique violation the service did not map itself is still the caller's conflict, not our bug.
    if (code === '23505')
      return { body: { statusCode: 409, message: 'Already exists' }, unexpected: false };
    return { body: INTERNAL, unexpected: true };
  }
  if (error && typeof error === 'object') {
    const e = error as { statusCode?: unknown; code?: unknown; message?: unknown };
    if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
      return {
        body: fromFrameworkError({
          statusCode: e.statusCode,
          code: typeof e.code === 'string' ? e.code : undefined,
        }),
        unexpected: false,
      };
    }
  }
  return { body: INTERNAL, unexpected: true };
}
