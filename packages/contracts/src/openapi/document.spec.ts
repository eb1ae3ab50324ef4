import { compileErrors, validate } from '@readme/openapi-parser';
import { describe, expect, it } from '@jest/globals';
import { API_ROUTES } from '../api-paths';
import { API_ENDPOINTS, errorStatuses } from './endpoints';
import { buildOpenApiDocument, toOpenApiPath } from './document';

type Operation = {
  operationId: string;
  description: string;
  'x-roles': string[];
  security: unknown[];
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
};

const document = buildOpenApiDocument();
const operations = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
  Object.entries(item as Record<string, Operation>).map(([method, op]) => ({ path, method, op })),
);

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    // The validator dereferences in place: it gets its own copy.
    const result = await validate(
      JSON.parse(JSON.stringify(document)) as Parameters<typeof validate>[0],
    );
    // The parser's own account of what is wrong, when something is.
    expect(result.valid ? '' : compileErrors(result)).toBe('');
    expect(document.openapi).toBe('3.1.0');
  });

  it('describes every API route the browser and the gateway know, and nothing else', () => {
    const documented = operations.map(({ method, path }) => `${method.toUpperCase()} ${path}`);
    for (const route of Object.values(API_ROUTES))
      expect(documented).toContain(`${route.method} ${toOpenApiPath(route.path)}`);
    expect(documented).toHaveLength(Object.keys(API_ENDPOINTS).length);
  });

  it('names every path parameter', () => {
    for (const { path, op } of operations) {
      const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      const declared = (op.parameters ?? [])
        .filter((p) => p.in === 'path')
        .map((p) => p.name)
        .sort();
      expect(declared).toEqual(inPath);
    }
  });

  it('states who may call each endpoint and the one error shape for every error', () => {
    for (const { op } of operations) {
      const endpoint = API_ENDPOINTS[op.operationId as keyof typeof API_ENDPOINTS];
      expect(op.description).toMatch(/Public|signed-in|only/);
      if (endpoint.access === 'public') expect(op.security).toEqual([]);
      else expect(op.security).toEqual([{ sessionCookie: [] }]);
      if (endpoint.access === 'admin') expect(op['x-roles']).toEqual(['admin']);
      for (const status of errorStatuses(endpoint)) {
        const schema = op.responses[String(status)]?.content?.['application/json']?.schema;
        // The one shape, or its named extension (the reset screen's `error`, a roster's lines).
        const shape =
          op.operationId === 'passwordReset'
            ? 'PasswordResetError'
            : op.operationId === 'importRoster'
              ? 'RosterImportError'
              : 'ApiError';
        expect(schema).toEqual({ $ref: `#/components/schemas/${shape}` });
      }
    }
  });

  it('lists the bodiless answers the services give: 304 to If-None-Match, 204 for ?optional=1', () => {
    // The e2e traffic through the contract tap met both (issue 29).
    const responses = (path: string) => Object.keys(document.paths?.[path]?.get?.responses ?? {});
    expect(responses('/api/user')).toContain('204');
    expect(responses('/api/directory')).toContain('304');
    expect(responses('/api/blog-posts')).toContain('304');
    expect(responses('/api/avatars/{file}')).toContain('304');
  });

  it('defines the error shape once', () => {
    expect(document.components?.schemas?.ApiError).toMatchObject({
      type: 'object',
      required: expect.arrayContaining(['statusCode', 'message']),
      properties: { errors: { type: 'array' } },
    });
  });

  it('carries the shared schemas: a request body refuses unknown fields, limits show', () => {
    const login = operations.find((o) => o.op.operationId === 'login')!.op;
    const body = (login.requestBody!.content['application/json'] as { schema: object }).schema;
    expect(body).toMatchObject({
      type: 'object',
      required: ['username', 'password'],
      additionalProperties: false,
      properties: { username: { type: 'string', maxLength: expect.any(Number) } },
    });
    const audit = operations.find((o) => o.op.operationId === 'audit')!.op;
    expect(audit.parameters?.map((p) => p.name)).toEqual(
      expect.arrayContaining(['page', 'pageSize', 'actor', 'action', 'from', 'to', 'cursor']),
    );
  });
});
