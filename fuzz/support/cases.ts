// The requests of one fuzz run, derived from the published OpenAPI document: every endpoint,
// every path and query parameter and every body field it documents, under every role.
import fc from 'fast-check';
import type { OpenApiDocument } from '@district/contracts/openapi';

export type Role = 'anonymous' | 'student' | 'supervisor' | 'admin';
export const ROLES: Role[] = ['anonymous', 'student', 'supervisor', 'admin'];

export interface FuzzCase {
  operationId: string;
  category: string;
  detail: string;
  role: Role;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer | string;
}

interface Operation {
  operationId: string;
  'x-roles': string[];
  parameters?: Array<{ in: 'path' | 'query'; name: string }>;
  requestBody?: { content: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}

export interface Fixtures {
  // Values for path parameters: by operationId, then parameter name; `*` for any operation.
  params: Record<string, Record<string, string>>;
  // A valid body per operationId that takes JSON.
  bodies: Record<string, Record<string, unknown>>;
}

// Path segments sent raw (already percent-encoded where a raw byte could not travel).
const ODD_PATH_VALUES: Array<[string, string]> = [
  ['dot-dot', '..'],
  ['encoded traversal', '..%2f..%2fetc%2fpasswd'],
  ['encoded dots', '%2e%2e%2f'],
  ['%00', '%00'],
  ['digit then %00', '1%00'],
  ['negative', '-1'],
  ['zero', '0'],
  ['fraction', '1.5'],
  ['exponent', '1e3'],
  ['hex', '0x10'],
  ['beyond int8', '99999999999999999999'],
  ['beyond safe integer', '9007199254740993'],
  ['very long', 'x'.repeat(3000)],
  ['unicode', '%F0%9D%94%98%C3%B1%E6%BC%A2'],
  ['right-to-left override', '%E2%80%AE1'],
  ['bad percent-encoding', '%ZZ'],
  ['space', '%20'],
  ['null', 'null'],
  ['quote', "1'"],
  ['semicolon', '1;select'],
];

const ODD_QUERY_VALUES: Array<[string, string]> = [
  ['empty', ''],
  ['%00', '%00'],
  ['embedded %00', 'a%00b'],
  ['control characters', '%01%07%1B%7F'],
  ['negative', '-1'],
  ['zero', '0'],
  ['overflow', '1e309'],
  ['beyond int8', '99999999999999999999'],
  ['NaN', 'NaN'],
  ['bad percent-encoding', '%ZZ'],
  ['unicode', '%F0%9F%99%82%E2%80%AE'],
  ['long', 'q'.repeat(4000)],
  ['brackets', '%5B%5D'],
  ['bad date', '2025-02-30'],
  ['ancient date', '-271821-04-20'],
];

const RAW = '\u0000raw\u0000';
// JSON values whose text JSON.stringify cannot produce: substituted after stringifying.
const RAW_NUMBERS: Array<[string, string]> = [
  ['1e999 (Infinity)', '1e999'],
  ['-1e999', '-1e999'],
  ['beyond safe integer', '9007199254740993'],
];

const VALUE_MUTATIONS: Array<[string, unknown]> = [
  ['number', 12345],
  ['max double', Number.MAX_VALUE],
  ['min double', -Number.MAX_VALUE],
  ['denormal', 5e-324],
  ['true', true],
  ['null', null],
  ['array', ['a', 'b']],
  ['object', { a: { b: [1, { c: null }] } }],
  ['empty string', ''],
  ['NUL inside', 'abc\u0000def ghi jkl'],
  ['control characters', 'x\u0001\u0002\u0007\b\u000b\f\u001b[31m\u007f long enough text'],
  ['line separators and BOM', '\ufeffa\u2028b\u2029c\u0085d\u200b more text here'],
  ['lone surrogate', 'a\ud800b long enough text'],
  ['unicode', '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 ñ 漢字 🙂 עברית and more text'],
  ['1 MB string', 'x'.repeat(1_000_000)],
  ['numeric string', '42'],
  ['Infinity string', 'Infinity'],
  ['markup and SQL', "<script>alert(1)</script>' OR 1=1; --"],
  ['far-future date', '+275760-09-13T00:00:00.000Z'],
  ['ancient date', '-271821-04-20T00:00:00.000Z'],
  ['impossible date', '2025-02-30'],
  ...RAW_NUMBERS.map(([label]) => [label, RAW + label] as [string, unknown]),
];

// Whole bodies that are not what the schema wants, or not JSON at all.
function rawBodies(valid: Record<string, unknown>): Array<[string, Buffer | string]> {
  const json = JSON.stringify(valid);
  return [
    ['empty', ''],
    ['truncated', json.slice(0, Math.max(1, json.length - 3))],
    ['not JSON', 'hello world'],
    ['JSON null', 'null'],
    ['JSON array', '[]'],
    ['JSON array of the body', `[${json}]`],
    ['JSON string', '"x"'],
    ['JSON number', '1e999'],
    ['raw NUL byte', json.replace(/"$/, '\u0000"').replace(/}$/, ',"z":"a\u0000b"}')],
    ['raw control byte in a string', '{"a":"\u0001\u001f"}'],
    ['byte-order mark', '\ufeff' + json],
    [
      'invalid UTF-8',
      Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xff, 0xfe, 0xc0]), Buffer.from('"}')]),
    ],
    ['duplicate keys', json.replace(/^{/, '{"__dup":1,"__dup":2,')],
    ['__proto__ pollution', json.replace(/^{/, '{"__proto__":{"isAdmin":true},')],
    ['constructor pollution', json.replace(/^{/, '{"constructor":{"prototype":{"isAdmin":true}},')],
    ['deep nesting', '['.repeat(10_000) + ']'.repeat(10_000)],
    ['deep object nesting', '{"a":'.repeat(5_000) + '1' + '}'.repeat(5_000)],
    ['over 1 MB', JSON.stringify({ ...valid, padding: 'p'.repeat(1_200_000) })],
    ['unknown field', JSON.stringify({ ...valid, unexpected: 'x' })],
  ];
}

const CONTENT_TYPES: Array<[string, string | undefined, (json: string) => string]> = [
  ['text/plain', 'text/plain', (j) => j],
  ['form-urlencoded', 'application/x-www-form-urlencoded', () => 'a=b&c=%00'],
  ['no content type', undefined, (j) => j],
  ['JSON in latin1', 'application/json; charset=latin1', (j) => j],
  ['multipart without parts', 'multipart/form-data; boundary=xyz', () => '--xyz--\r\n'],
  ['XML', 'application/xml', () => '<a>1</a>'],
];

function lowestRole(operation: Operation): Role {
  const roles = operation['x-roles'];
  if (roles.length === 0) return 'anonymous';
  if (roles.includes('student')) return 'student';
  if (roles.includes('supervisor')) return 'supervisor';
  return 'admin';
}

function fillPath(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '1');
}

export function buildCases(
  document: OpenApiDocument,
  fixtures: Fixtures,
  seed: number,
): FuzzCase[] {
  const cases: FuzzCase[] = [];
  // fast-check values for string and number fields, reproducible from the printed seed.
  const randomStrings = fc.sample(fc.string({ unit: 'binary', maxLength: 40 }), {
    seed,
    numRuns: 6,
  });
  const randomNumbers = fc.sample(fc.double(), { seed, numRuns: 2 });
  const randomJson = fc.sample(fc.jsonValue({ maxDepth: 3 }), { seed, numRuns: 1 });
  const mutations: Array<[string, unknown]> = [
    ...VALUE_MUTATIONS,
    ...randomStrings.map((s, i) => [`random string ${i}`, s] as [string, unknown]),
    ...randomNumbers.map((n, i) => [`random double ${i}`, n] as [string, unknown]),
    ...randomJson.map((v, i) => [`random JSON ${i}`, v] as [string, unknown]),
  ];

  for (const [template, item] of Object.entries(document.paths ?? {})) {
    for (const [method, op] of Object.entries(item as Record<string, Operation>)) {
      const id = op.operationId;
      const params = { ...fixtures.params['*'], ...fixtures.params[id] };
      const basePath = fillPath(template, params);
      const own = lowestRole(op);
      const hasJsonBody = Boolean(op.requestBody?.content['application/json']);
      const valid = fixtures.bodies[id] ?? {};
      const jsonHeaders = { 'content-type': 'application/json' };
      const add = (c: Omit<FuzzCase, 'operationId' | 'method'>) =>
        cases.push({ operationId: id, method: method.toUpperCase(), ...c });
      const baseBody = hasJsonBody ? JSON.stringify(valid) : undefined;
      const baseHeaders = hasJsonBody ? jsonHeaders : {};

      // Every role, the plain call: access rules hold and nothing breaks.
      for (const role of ROLES)
        add({
          category: 'role',
          detail: role,
          role,
          path: basePath,
          headers: baseHeaders,
          body: baseBody,
        });

      const pathParams = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      for (const name of pathParams)
        for (const [label, value] of ODD_PATH_VALUES)
          add({
            category: 'path parameter',
            detail: `${name}=${label}`,
            role: own,
            path: fillPath(template, { ...params, [name]: value }),
            headers: baseHeaders,
            body: baseBody,
          });

      const queryParams = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      for (const name of queryParams) {
        for (const [label, value] of ODD_QUERY_VALUES)
          add({
            category: 'query',
            detail: `${name}=${label}`,
            role: own,
            path: `${basePath}?${name}=${value}`,
            headers: {},
          });
        add({
          category: 'query',
          detail: `${name} repeated`,
          role: own,
          path: `${basePath}?${name}=1&${name}=2`,
          headers: {},
        });
        add({
          category: 'query',
          detail: `${name} as object`,
          role: own,
          path: `${basePath}?${name}[a]=1`,
          headers: {},
        });
      }
      if (queryParams.length > 0) {
        add({
          category: 'query',
          detail: 'unknown parameter',
          role: own,
          path: `${basePath}?zzz=%00`,
          headers: {},
        });
        add({
          category: 'query',
          detail: '10 KB query',
          role: own,
          path: `${basePath}?${queryParams[0]}=${'z'.repeat(10_000)}`,
          headers: {},
        });
      }

      if (!hasJsonBody) continue;
      for (const [label, body] of rawBodies(valid))
        add({
          category: 'malformed body',
          detail: label,
          role: own,
          path: basePath,
          headers: jsonHeaders,
          body,
        });
      for (const [label, type, make] of CONTENT_TYPES)
        add({
          category: 'content type',
          detail: label,
          role: own,
          path: basePath,
          headers: type ? { 'content-type': type } : {},
          body: make(JSON.stringify(valid)),
        });
      const schema = op.requestBody!.content['application/json']!.schema;
      const fields = Object.keys(schema?.properties ?? {});
      for (const field of fields) {
        const rest = { ...valid };
        delete rest[field];
        add({
          category: 'body field',
          detail: `${field} missing`,
          role: own,
          path: basePath,
          headers: jsonHeaders,
          body: JSON.stringify(rest),
        });
        for (const [label, value] of mutations) {
          let body = JSON.stringify({ ...valid, [field]: value });
          const raw = RAW_NUMBERS.find(([l]) => value === RAW + l);
          if (raw) body = body.replace(JSON.stringify(value), raw[1]);
          add({
            category: 'body field',
            detail: `${field}=${label}`,
            role: own,
            path: basePath,
            headers: jsonHeaders,
            body,
          });
        }
      }
    }
  }
  return cases;
}
