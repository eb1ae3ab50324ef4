import {
  createDocument,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathsObject,
} from 'zod-openapi';
import { SESSION_COOKIE_NAME } from '../constants';
import { apiErrorSchema } from '../errors';
import {
  API_ENDPOINTS,
  errorStatuses,
  type Access,
  type EndpointSpec,
  type ErrorStatus,
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

// `:id` → `{id}`
export const toOpenApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

function operation(name: string, endpoint: EndpointSpec): ZodOpenApiOperationObject {
  const { success } = endpoint;
  const responses: ZodOpenApiOperationObject['responses'] = {
    [success.status]: {
      description: success.description,
      ...(success.schema
        ? { content: { 'application/json': { schema: success.schema } } }
        : success.contentType
          ? { content: { [success.contentType]: { schema: { type: 'string' } } } }
          : {}),
    },
  };
  for (const status of errorStatuses(endpoint)) {
    responses[String(status) as `${ErrorStatus}`] = {
      description: ERROR_TEXT[status],
      content: { 'application/json': { schema: apiErrorSchema } },
    };
  }
  return {
    operationId: name,
    summary: endpoint.summary,
    description: [endpoint.description, ACCESS_TEXT[endpoint.access]].filter(Boolean).join('\n\n'),
    tags: [endpoint.tag],
    'x-roles': ACCESS_ROLES[endpoint.access],
    security: endpoint.access === 'public' ? [] : [{ [SESSION_COOKIE_SCHEME]: [] }],
    requestParams: {
      ...(endpoint.params ? { path: endpoint.params } : {}),
      ...(endpoint.query ? { query: endpoint.query } : {}),
    },
    ...(endpoint.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: endpoint.body } },
          },
        }
      : {}),
    ...(endpoint.multipart
      ? {
          requestBody: {
            required: true,
            content: {
              'multipart/form-data': {
                schema: {
                  type: 'object',
                  required: [endpoint.multipart.field],
                  properties: {
                    [endpoint.multipart.field]: {
                      type: 'string',
                      contentMediaType: 'application/octet-stream',
                      description: endpoint.multipart.description,
                    },
                  },
                },
              },
            },
          },
        }
      : {}),
    responses,
  };
}

export function buildOpenApiDocument(version = '1.0.0') {
  const paths: ZodOpenApiPathsObject = {};
  for (const [name, endpoint] of Object.entries(API_ENDPOINTS)) {
    const path = toOpenApiPath(endpoint.path);
    paths[path] = { ...paths[path], [endpoint.method.toLowerCase()]: operation(name, endpoint) };
  }
  return createDocument({
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
    servers: [{ url: '/' }],
    security: [{ [SESSION_COOKIE_SCHEME]: [] }],
    components: {
      securitySchemes: {
        [SESSION_COOKIE_SCHEME]: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE_NAME },
      },
      schemas: { ApiError: apiErrorSchema },
    },
    paths,
  });
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
