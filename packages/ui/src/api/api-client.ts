import type { QueryFunction } from '@tanstack/react-query';
import { currentLanguage } from '../i18n/i18n';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

// HTTP/2 answers carry no status text; keep the message readable anyway.
const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

// Our services answer `{statusCode, message, errors?}` (docs/architecture.md "Errors"): show the
// message, not the raw JSON, and keep a validation failure's `errors` for the form to show under
// its fields. Anything else is shown as the server sent it.
function parseBody(body: string): { message: string; errors?: unknown[] } {
  try {
    const parsed: unknown = JSON.parse(body);
    if (
      parsed !== null &&
      typeof parsed === 'object' &&
      typeof (parsed as { message?: unknown }).message === 'string' &&
      typeof (parsed as { statusCode?: unknown }).statusCode === 'number'
    ) {
      const { message, errors } = parsed as { message: string; errors?: unknown };
      return Array.isArray(errors) ? { message, errors } : { message };
    }
  } catch {
    // Not JSON: fall through to the text itself.
  }
  return { message: body };
}

// SPEC §7: a non-OK answer becomes Error("<status>: <body text or status text>"), with the
// body's field errors as `errors` when it has them (useSchemaForm's showServerErrors).
export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const body = (await res.text().catch(() => '')).trim();
  const parsed = body
    ? parseBody(body)
    : { message: res.statusText || REASONS[res.status] || 'Request failed' };
  const error = new Error(`${res.status}: ${parsed.message}`);
  throw parsed.errors ? Object.assign(error, { errors: parsed.errors }) : error;
}

// Every call sends the session cookie; bodies are JSON unless a FormData (multipart) is given.
export async function apiRequest(
  method: HttpMethod,
  url: string,
  body?: unknown,
): Promise<Response> {
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers: {
      // The server answers its messages in the language the user picked (issue 22).
      'Accept-Language': currentLanguage(),
      ...(body === undefined || isForm ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
  });
  await throwIfResNotOk(res);
  return res;
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

// Query keys are URLs (optionally split into segments): ['/api/opportunities', 5, 'signups'].
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const res = await fetch(queryKey.map(String).join('/'), {
      credentials: 'include',
      headers: { 'Accept-Language': currentLanguage() },
      signal,
    });
    if (on401 === 'returnNull' && res.status === 401) return null;
    await throwIfResNotOk(res);
    if (res.status === 204) return null;
    return (await res.json()) as T;
  };
}
