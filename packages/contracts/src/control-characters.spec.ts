import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import * as contracts from './index';
import { hasControlCharacters } from './fields';
import { VALIDATION } from './messages';

// Exports that describe what the services send (answers, events, errors), never what they accept.
// Every other exported schema is a request body, query or path schema and is checked below, so a
// new request schema is covered without anyone having to list it.
const OUTPUT_ONLY = /ResponseSchema$|^(apiErrorSchema|apiFieldErrorSchema)$/;
const OUTPUT_ONLY_NAMES = new Set<string>([
  'auditRecordSchema',
  'backupUserSchema',
  'blogAuthorSchema',
  'currentUserSchema',
  'directoryUserSchema',
  'signupEntrySchema',
  'studentProgressSchema',
  'notificationFeedItemSchema',
  // What the feed hands the browser (issue 21 added its traceId).
  'notificationItemSchema',
  'personalNotificationItemSchema',
  // Events between services: built by a service from its own (already checked) rows.
  'auditRecordedPayloadSchema',
  'attendanceRecordedPayloadSchema',
  'notificationRequestedPayloadSchema',
  'domainEventSchema',
  'opportunityCreatedPayloadSchema',
  'opportunityUpdatedPayloadSchema',
  'opportunityDeletedPayloadSchema',
  'userReplicaPayloadSchema',
]);

type AnySchema = z.core.$ZodType;
const isSchema = (value: unknown): value is AnySchema =>
  typeof value === 'object' && value !== null && '_zod' in value;

const requestSchemas = Object.entries(contracts as Record<string, unknown>).filter(
  (entry): entry is [string, AnySchema] =>
    isSchema(entry[1]) && !OUTPUT_ONLY.test(entry[0]) && !OUTPUT_ONLY_NAMES.has(entry[0]),
);

// Whether a schema takes a string anywhere (through optional, default, preprocess, union…).
function takesString(schema: AnySchema): boolean {
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  switch (def.type) {
    case 'string':
      return true;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return takesString(def.innerType as AnySchema);
    case 'pipe':
      return takesString(def.in as AnySchema) || takesString(def.out as AnySchema);
    case 'union':
      return (def.options as AnySchema[]).some(takesString);
    default:
      return false;
  }
}

function shapeOf(schema: AnySchema): Record<string, AnySchema> | undefined {
  const def = schema._zod.def as unknown as { type: string; shape?: Record<string, AnySchema> };
  return def.type === 'object' ? def.shape : undefined;
}

// [schema name, field name or '' for a bare string schema]
const stringFields: Array<[string, string]> = requestSchemas.flatMap(([name, schema]) => {
  const shape = shapeOf(schema);
  if (!shape) return takesString(schema) ? [[name, '']] : [];
  return Object.entries(shape)
    .filter(([, field]) => takesString(field))
    .map(([field]) => [name, field] as [string, string]);
});

const PROBES = ['a\u0000b', '\u0000', 'ab\u001bcd', 'ab\u007f'];

describe('control characters in request schemas (issue 15)', () => {
  it('finds the request schemas and their text fields', () => {
    expect(stringFields).toContainEqual(['loginSchema', 'username']);
    expect(stringFields).toContainEqual(['createOpportunitySchema', 'description']);
    expect(stringFields).toContainEqual(['serviceHoursQuerySchema', 'school']);
    expect(stringFields.length).toBeGreaterThan(25);
  });

  it.each(stringFields)(
    '%s.%s refuses NUL and other control characters, naming the field',
    (name, field) => {
      const schema = (contracts as unknown as Record<string, z.ZodType>)[name];
      for (const probe of PROBES) {
        const result = schema.safeParse(field ? { [field]: probe } : probe);
        expect(result.success).toBe(false);
        const issues = result.error?.issues ?? [];
        expect(
          issues.some(
            (i) => i.message === VALIDATION.controlCharacters && i.path.join('.') === field,
          ),
        ).toBe(true);
      }
    },
  );
});

describe('plainText', () => {
  it('keeps tab and line breaks in multi-line text only', () => {
    const multi = contracts.plainText({ multiline: true });
    const single = contracts.plainText();
    expect(multi.parse('first line\n\tsecond\r\nthird')).toBe('first line\n\tsecond\r\nthird');
    expect(single.safeParse('first\nsecond').success).toBe(false);
    expect(hasControlCharacters('tab\there', true)).toBe(false);
    expect(hasControlCharacters('tab\there')).toBe(true);
  });

  it('trims before checking, so a pasted trailing newline in a name is fine', () => {
    expect(contracts.plainText().parse('  Ada Student\n')).toBe('Ada Student');
    expect(contracts.passwordSchema.parse(' pass word ')).toBe(' pass word ');
  });

  it('the 400 body names the field', () => {
    const result = contracts.parseWith(contracts.loginSchema, {
      username: 'a\u0000b',
      password: 'x',
    });
    expect(result).toEqual({
      success: false,
      error: {
        statusCode: 400,
        message: VALIDATION.controlCharacters,
        errors: [{ path: 'username', message: VALIDATION.controlCharacters }],
      },
    });
  });
});
