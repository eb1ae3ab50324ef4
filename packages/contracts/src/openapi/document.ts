import { z } from 'zod';
import {
  createDocument,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathsObject,
  type ZodOpenApiResponseObject,
} from 'zod-openapi';
import { SESSION_COOKIE_NAME } from '../constants';
import { apiErrorSchema } from '../errors';
import {
  API_ENDPOINTS,
  errorStatuses,
  type Access,
  type EndpointSpec,
  type ErrorStatus,
  type RateLimit,
} from './endpoints';

// The OpenAPI 3.1 document, generated from the endpoint registry and the shared zod schemas by
// zod-openapi (zod 4's own JSON Schema conversion underneath): nothing in it is written by hand.

export const SESSION_COOKIE_SCHEME = 'sessionCookie';

const ACCESS_TEXT: Record<Access, string> = {
  public: 'Public: no session needed.',
  signedIn: 'Any signed-in user (student, supervisor or admin).',
  supervisor: 'Supervisors and admins only (403 for students).',
  admin: 'Admins only (403 for students and supervisors).',
};

// x-roles: the roles that may call it, for tools; the same in words in the description.
const ACCESS_ROLES: Record<Access, string[]> = {
  public: [],
  signedIn: ['student', 'supervisor', 'admin'],
  supervisor: ['supervisor', 'admin'],
  admin: ['admin'],
};

const ERROR_TEXT: Record<ErrorStatus, string> = {
  400: 'Invalid input: `errors` names each field and its message',
  401: 'Not signed in, or the credentials are wrong',
  403: 'Signed in without the role this call needs, or a cross-site request',
  404: 'No such item',
  409: 'Conflicts with the current state (taken, full, already reviewed, …)',
  410: 'Gone: the link has expired or has already been used',
  413: 'Request body too large',
  414: 'Path or query string too long',
  415: 'Unsupported media type: send application/json',
  429: 'Too many requests; `Retry-After` says when to try again',
  503: 'A dependency is down; `Retry-After` says when to try again',
};

// Seconds, as the services and the gateway send it (never an HTTP date).
const retryAfter = (required: boolean) => ({
  required,
  description: 'Seconds to wait before trying again',
  // The login backoff's longest wait is 15 minutes; a day bounds any future limit.
  schema: { type: 'integer' as const, minimum: 0, maximum: 86_400, format: 'int32' },
});

// svc-auth's request-limit headers (IETF draft-ietf-httpapi-ratelimit-headers-06, its
// RateLimitGuard): on its answers to the calls it counts (not on what the gateway refuses before
// them, hence optional).
const intHeader = (description: string) => ({
  required: false,
  description,
  schema: { type: 'integer' as const, minimum: 0, maximum: 2_147_483_647, format: 'int32' },
});
const counterHeaders = () => ({
  'RateLimit-Limit': intHeader('Requests allowed in the window closest to refusing'),
  'RateLimit-Remaining': intHeader('Requests left in that window (0 on a 429)'),
  'RateLimit-Reset': intHeader('Seconds until that window resets (on a 429, equal to Retry-After)'),
  'RateLimit-Policy': {
    required: false,
    description: 'Every window as `<limit>;w=<seconds>`, comma-separated',
    schema: { type: 'string' as const, maxLength: 200, pattern: '^\\d+;w=\\d+(, \\d+;w=\\d+)*$' },
  },
});

const RATE_LIMIT_TEXT: Record<RateLimit, string> = {
  counter: 'Rate-limited per user or client address (RateLimit-* headers say how far).',
  backoff: 'Failed sign-ins slow further attempts down (429 with Retry-After).',
  gateway: 'Rate-limited per client address at the gateway (429 with Retry-After).',
};

// Integers say their size (int32 when zod's bounds fit, else int64): what clients allocate.
const INT32 = 2 ** 31;
function integerFormat(schema: {
  type?: unknown;
  format?: unknown;
  minimum?: unknown;
  maximum?: unknown;
}) {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (!types.includes('integer') || schema.format !== undefined) return;
  const fits = (bound: unknown) => typeof bound === 'number' && bound >= -INT32 && bound < INT32;
  schema.format = fits(schema.minimum) && fits(schema.maximum) ? 'int32' : 'int64';
}

// `:id` → `{id}`
export const toOpenApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

function operation(name: string, endpoint: EndpointSpec): ZodOpenApiOperationObject {
  const { success } = endpoint;
  const counted = endpoint.rateLimit === 'counter' ? { headers: counterHeaders() } : {};
  const responses: ZodOpenApiOperationObject['responses'] = {
    [success.status]: {
      description: success.description,
      ...counted,
      ...(success.status === 302
        ? {
            headers: {
              Location: { description: 'Where the browser goes next', schema: { type: 'string' } },
            },
          }
        : {}),
      ...(success.schema
        ? { content: { 'application/json': { schema: success.schema } } }
        : success.contentType
          ? { content: { [success.contentType]: { schema: { type: 'string' } } } }
          : {}),
    },
  };
  for (const answer of endpoint.alsoAnswers ?? [])
    responses[String(answer.status) as '204' | '304'] = { description: answer.description };
  for (const status of errorStatuses(endpoint)) {
    const response: ZodOpenApiResponseObject = {
      description: ERROR_TEXT[status],
      content: { 'application/json': { schema: endpoint.errorSchema ?? apiErrorSchema } },
    };
    if (status === 429) response.headers = { 'Retry-After': retryAfter(true) };
    // The services' 503 says when; nginx's own (an upstream down) does not.
    else if (status === 503) response.headers = { 'Retry-After': retryAfter(false) };
    else if (status !== 401 && status !== 413 && status !== 414) Object.assign(response, counted);
    responses[String(status) as `${ErrorStatus}`] = response;
  }
  return {
    operationId: name,
    summary: endpoint.summary,
    description: [
      endpoint.description,
      ACCESS_TEXT[endpoint.access],
      endpoint.rateLimit && RATE_LIMIT_TEXT[endpoint.rateLimit],
    ]
      .filter(Boolean)
      .join('\n\n'),
    tags: [endpoint.tag],
    'x-roles': ACCESS_ROLES[endpoint.access],
    security: endpoint.access === 'public' ? [] : [{ [SESSION_COOKIE_SCHEME]: [] }],
    requestParams: {
      ...(endpoint.params ? { path: endpoint.params } : {}),
      ...(endpoint.query ? { query: endpoint.query } : {}),
    },
    ...(endpoint.body || endpoint.multipart
      ? {
          requestBody: {
            required: true,
            content: {
              ...(endpoint.body ? { 'application/json': { schema: endpoint.body } } : {}),
              ...(endpoint.multipart
                ? { 'multipart/form-data': { schema: multipartSchema(endpoint.multipart) } }
                : {}),
            },
          },
        }
      : {}),
    ...(endpoint.file
      ? {
          requestBody: {
            required: true,
            description: endpoint.file.description,
            content: {
              [endpoint.file.contentType]: {
                schema: {
                  type: 'string',
                  contentMediaType: endpoint.file.contentType,
                  maxLength: endpoint.file.maxBytes,
                },
              },
            },
          },
        }
      : {}),
    responses,
  };
}

const TAGS: Array<{ name: EndpointSpec['tag']; description: string }> = [
  { name: 'Account', description: 'Signing in, registering, and the signed-in user’s own account' },
  { name: 'Users', description: 'Accounts of others and the district’s policies (staff)' },
  { name: 'Audit', description: 'The log of privileged actions' },
  { name: 'Opportunities', description: 'Volunteer opportunities, sign-ups, photos, attendance' },
  { name: 'Content', description: 'Blog posts and notifications' },
  { name: 'Service hours', description: 'Logged hours, reviews, goals, reports, official records' },
  { name: 'Contract', description: 'This document' },
];

export function buildOpenApiDocument(version = '1.0.0') {
  const paths: ZodOpenApiPathsObject = {};
  for (const [name, endpoint] of Object.entries(API_ENDPOINTS)) {
    const path = toOpenApiPath(endpoint.path);
    paths[path] = { ...paths[path], [endpoint.method.toLowerCase()]: operation(name, endpoint) };
  }
  return createDocument(
    {
      openapi: '3.1.0',
      info: {
        title: 'District volunteering platform API',
        version,
        description:
          'Every call under /api, generated from the shared zod schemas (packages/contracts). ' +
          'Errors always have one JSON shape: `{ statusCode, message, errors? }`. Sign in with ' +
          'POST /api/login; the session travels in an HttpOnly cookie. State-changing calls from a ' +
          'browser must come from the site itself.',
      },
      // The site's own origin, for its own pages and the public (x-internal: false).
      servers: [{ url: '/', 'x-internal': false }],
      tags: TAGS,
      security: [{ [SESSION_COOKIE_SCHEME]: [] }],
      components: {
        securitySchemes: {
          [SESSION_COOKIE_SCHEME]: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE_NAME,
            description: 'The HttpOnly session cookie POST /api/login and POST /api/register set.',
          },
        },
        schemas: { ApiError: apiErrorSchema },
      },
      paths,
    },
    { override: ({ jsonSchema }) => integerFormat(jsonSchema) },
  );
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;

function multipartSchema(multipart: NonNullable<EndpointSpec['multipart']>) {
  const fields = typeof multipart.field === 'string' ? [multipart.field] : [...multipart.field];
  if (!multipart.text) {
    return {
      type: 'object' as const,
      required: fields,
      properties: Object.fromEntries(
        fields.map((field) => [
          field,
          {
            type: 'string' as const,
            contentMediaType: 'application/octet-stream',
            maxLength: multipart.maxBytes,
            description: multipart.description,
          },
        ]),
      ),
    };
  }
  // The text fields keep their zod schema (limits, required); the file fields are added to it.
  return multipart.text.extend(
    Object.fromEntries(
      fields.map((field) => [
        field,
        z.string().max(multipart.maxBytes).meta({
          contentMediaType: 'application/octet-stream',
          description: multipart.description,
        }),
      ]),
    ),
  );
}
