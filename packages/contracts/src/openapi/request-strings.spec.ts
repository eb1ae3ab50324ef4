import { describe, expect, it } from '@jest/globals';
import { buildOpenApiDocument } from './document';

// Issue 29: the document must be as strict as the server. Every string a client sends (path,
// query, JSON body, however deeply nested) has a bound the document states: a maxLength, a closed
// set (enum/const), or a format whose values have a fixed length (date, date-time). A new field
// built without one fails here, so the contract cannot drift back to "any string".
type Schema = Record<string, unknown> & {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  additionalProperties?: Schema | boolean;
  anyOf?: Schema[];
  allOf?: Schema[];
  oneOf?: Schema[];
};

const BOUNDED_FORMATS = new Set(['date', 'date-time']);
const document = buildOpenApiDocument() as unknown as {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
};
type Operation = {
  parameters?: Array<{ in: string; name: string; schema: Schema }>;
  requestBody?: { content: Record<string, { schema: Schema }> };
};

const isString = (schema: Schema) =>
  schema.type === 'string' || (Array.isArray(schema.type) && schema.type.includes('string'));
const isBounded = (schema: Schema) =>
  typeof schema.maxLength === 'number' ||
  Array.isArray(schema.enum) ||
  schema.const !== undefined ||
  BOUNDED_FORMATS.has(String(schema.format));

// [where, schema] for every string schema under `schema`.
function strings(
  schema: Schema | undefined,
  where: string,
  seen = new Set<Schema>(),
): Array<[string, Schema]> {
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return [];
  seen.add(schema);
  if (schema.$ref) {
    const name = schema.$ref.split('/').pop() ?? '';
    return strings(document.components.schemas[name], where, seen);
  }
  const found: Array<[string, Schema]> = isString(schema) ? [[where, schema]] : [];
  for (const key of ['anyOf', 'allOf', 'oneOf'] as const)
    (schema[key] ?? []).forEach((inner, i) => {
      // A branch of a string (e.g. anyOf: [{format: date}, {format: date-time}]) is bounded by it.
      if (!isString(schema)) found.push(...strings(inner, `${where}|${i}`, seen));
    });
  for (const [name, property] of Object.entries(schema.properties ?? {}))
    found.push(...strings(property, `${where}.${name}`, seen));
  if (schema.items) found.push(...strings(schema.items, `${where}[]`, seen));
  if (typeof schema.additionalProperties === 'object')
    found.push(...strings(schema.additionalProperties, `${where}{}`, seen));
  return found;
}

const requestStrings = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item).flatMap(([method, operation]) => {
    const name = `${method.toUpperCase()} ${path}`;
    return [
      ...(operation.parameters ?? []).flatMap((p) =>
        strings(p.schema, `${name} ${p.in} ${p.name}`),
      ),
      ...Object.entries(operation.requestBody?.content ?? {}).flatMap(([type, content]) =>
        type === 'application/json' ? strings(content.schema, `${name} body`) : [],
      ),
    ];
  }),
);

describe('request strings in the OpenAPI document (issue 29)', () => {
  it('finds the strings clients send, in paths, queries and bodies', () => {
    const where = requestStrings.map(([w]) => w);
    expect(where).toContain('POST /api/register body.email');
    expect(where).toContain('GET /api/guardian-consent/{token} path token');
    expect(where).toContain('GET /api/audit query from');
    expect(where).toContain('PUT /api/hour-goals body[].dueDate');
    expect(requestStrings.length).toBeGreaterThan(60);
  });

  it('bounds every one of them: maxLength, enum/const, or a fixed-length format', () => {
    const unbounded = requestStrings.filter(([, s]) => !isBounded(s)).map(([w]) => w);
    expect(unbounded).toEqual([]);
  });

  it('states the formats the server checks: dates, date-times, e-mail addresses, http(s) URLs', () => {
    // An optional field the forms send empty is anyOf [its own schema, '', null]: the first branch.
    const at = (where: string) =>
      requestStrings.find(([w]) => w === where || w === `${where}|0`)?.[1];
    expect(at('POST /api/service-hours body.date')).toMatchObject({ format: 'date' });
    expect(at('PUT /api/hour-goals body[].dueDate')).toMatchObject({ format: 'date' });
    expect(at('POST /api/register body.dateOfBirth')).toMatchObject({ format: 'date' });
    expect(at('GET /api/service-hours/export.csv query from')).toMatchObject({ format: 'date' });
    expect(at('POST /api/opportunities body.date')).toMatchObject({ format: 'date-time' });
    expect(at('PATCH /api/opportunities/{id} body.endsAt')).toMatchObject({ format: 'date-time' });
    for (const email of [
      'POST /api/register body.email',
      'POST /api/register body.guardianEmail',
      'POST /api/password-reset/request body.email',
      'POST /api/service-hours body.contactEmail',
    ])
      expect(at(email)).toMatchObject({ format: 'email', maxLength: 254 });
    const photoUrl = at('POST /api/opportunities/{id}/photos body.photoUrl');
    expect(photoUrl).toMatchObject({ format: 'uri', maxLength: expect.any(Number) });
    const scheme = new RegExp(String(photoUrl?.pattern));
    expect(scheme.test('https://example.org/a.jpg')).toBe(true);
    expect(scheme.test('javascript:alert(1)')).toBe(false);
    expect(scheme.test('data:image/png;base64,AAAA')).toBe(false);
  });

  it('puts the years the server accepts (1900–9999) and real days into the date patterns', () => {
    const day = new RegExp(
      String(requestStrings.find(([w]) => w === 'POST /api/service-hours body.date')?.[1].pattern),
    );
    expect(day.test('2024-02-29')).toBe(true);
    for (const refused of [
      '1899-12-31',
      '10000-01-01',
      '+275760-09-13',
      '2024-13-01',
      '2024-02-30T00:00:00Z',
    ])
      expect([refused, day.test(refused)]).toEqual([refused, false]);
    const instant = new RegExp(
      String(requestStrings.find(([w]) => w === 'POST /api/opportunities body.date')?.[1].pattern),
    );
    expect(instant.test('2031-05-03T14:00:00.000Z')).toBe(true);
    expect(instant.test('2031-05-03T09:00:00-05:00')).toBe(true);
    for (const refused of [
      '2031-05-03',
      '12031-05-03T14:00:00Z',
      '2031-05-03 14:00',
      '1800-01-01T00:00:00Z',
    ])
      expect([refused, instant.test(refused)]).toEqual([refused, false]);
  });

  it('says a number is a number in JSON bodies', () => {
    const body = (path: string) =>
      document.paths[path]?.post?.requestBody?.content['application/json']?.schema;
    const hours = body('/api/service-hours') as Schema;
    expect(hours.properties?.hours).toMatchObject({ type: 'number' });
    expect(hours.properties?.opportunityId).toMatchObject({
      type: 'integer',
      maximum: 2_147_483_647,
    });
    const opportunity = body('/api/opportunities') as Schema;
    expect(opportunity.properties?.spaces).toMatchObject({ type: 'integer' });
  });
});
