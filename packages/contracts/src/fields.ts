import { z } from 'zod';
import { VALIDATION } from './messages';

// In a browser, zod's JIT would first probe `new Function("")`: under the gateway's CSP
// (script-src 'self') that is a violation every page logs (DevTools' Issues, Lighthouse's
// best practices, issue 34). Pages validate small forms: the interpreted path is plenty. Services
// keep the JIT. Every schema module imports this one, so it runs before any schema is built.
if ('document' in globalThis) z.config({ jitless: true });

// Error map for a field: a missing value says `required`; a wrong one says `message`, or, without
// one, zod's default (which formatZodError turns into "Expected X, received Y").
export const messageFor =
  (message?: string, required: string = VALIDATION.required) =>
  (issue: { input?: unknown }): string | undefined =>
    issue.input === undefined ? required : message;

// Form inputs hold strings; JSON holds numbers. Plain decimal strings become numbers, empty
// strings and null become "absent"; anything else is left for the number schema to refuse.
export function toNumberInput(value: unknown): unknown {
  if (value === null || value === '') return undefined;
  if (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value)) return Number(value);
  return value;
}

// Query strings and command-line arguments are text by nature: there a number may come as one.
// JSON bodies take numbers as the document says (issue 29: `"hours": "2"` was accepted where it
// says number), so body schemas use z.number() alone and forms convert first (withNumberInputs).
export const coercedNumber = <T extends z.ZodType<number | undefined>>(schema: T) =>
  z.preprocess(toNumberInput, schema);

// A form's values with the named text inputs turned into numbers, then the body's own schema:
// the form shows the server's messages for exactly what it will send.
export const withNumberInputs = <S extends z.ZodType>(schema: S, fields: readonly string[]) =>
  z.preprocess((value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
    const converted: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    for (const field of fields)
      if (field in converted) {
        const number = toNumberInput(converted[field]);
        if (number === undefined) delete converted[field];
        else converted[field] = number;
      }
    return converted;
  }, schema);

// Years 1900–9999: JavaScript dates reach ±275,760 years, PostgreSQL's end at 4713 BC, and a
// date outside these years is a typo on this site (found by fuzz/: such dates answered 500).
export const DATE_MIN = new Date('1900-01-01T00:00:00.000Z');
export const DATE_MAX = new Date('9999-12-31T23:59:59.999Z');

// Issue 29: a date is exactly what the document says. A calendar day is 'YYYY-MM-DD' and exists
// ("2024-02-30" was stored as 1 March; a date-time where a day is asked was taken too); an
// instant is an RFC 3339 date-time with its offset ('2025-03-01T14:00:00.000Z', '…-05:00').
// The patterns put the years into the document; `format` says the day must exist.
const YEAR = '(?:19|[2-9]\\d)\\d{2}';
const DAY = `${YEAR}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\\d|3[01])`;
const TIME = '(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d{1,9})?';
const OFFSET = '(?:Z|[+-](?:[01]\\d|2[0-3]):[0-5]\\d)';
export const CALENDAR_DAY_PATTERN = new RegExp(`^${DAY}$`);
export const DATE_TIME_PATTERN = new RegExp(`^${DAY}T${TIME}${OFFSET}$`);
const CALENDAR_DAY_LENGTH = 10;
// '9999-12-31T23:59:59.123456789+14:00'
const DATE_TIME_MAX_LENGTH = 35;

// Whether a 'YYYY-MM-DD' names a day the calendar has (1900–9999).
export function isCalendarDay(text: string): boolean {
  if (!CALENDAR_DAY_PATTERN.test(text)) return false;
  const day = new Date(`${text}T00:00:00.000Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
}

// Whether a text is an RFC 3339 date-time on a day that exists, within DATE_MIN–DATE_MAX.
export function isDateTime(text: string): boolean {
  if (!DATE_TIME_PATTERN.test(text) || !isCalendarDay(text.slice(0, 10))) return false;
  const instant = new Date(text);
  return (
    !Number.isNaN(instant.getTime()) &&
    instant.getTime() >= DATE_MIN.getTime() &&
    instant.getTime() <= DATE_MAX.getTime()
  );
}

// A calendar day, kept as its text (no time zone can shift it). OpenAPI: format date.
export const calendarDayText = (message: string = VALIDATION.invalidDate, required?: string) =>
  plainText({ message, required, trim: false })
    .max(CALENDAR_DAY_LENGTH, message)
    .refine(isCalendarDay, message)
    .meta({ format: 'date', pattern: CALENDAR_DAY_PATTERN.source });

// The same day as a Date at UTC midnight.
export const calendarDate = (message: string = VALIDATION.invalidDate) =>
  calendarDayText(message).transform((text) => new Date(`${text}T00:00:00.000Z`));

// An instant, as a Date. OpenAPI: format date-time.
export const dateTime = (message: string = VALIDATION.invalidDate) =>
  plainText({ message, trim: false })
    .max(DATE_TIME_MAX_LENGTH, message)
    .refine(isDateTime, message)
    .meta({ format: 'date-time', pattern: DATE_TIME_PATTERN.source })
    .transform((text) => new Date(text));

// Query filters (the audit log's from/to): a calendar day (its UTC midnight) or an instant.
export const dayOrDateTime = (message: string = VALIDATION.invalidDate) =>
  plainText({ message, trim: false })
    .max(DATE_TIME_MAX_LENGTH, message)
    .refine((text) => isCalendarDay(text) || isDateTime(text), message)
    .meta({ anyOf: [{ format: 'date' }, { format: 'date-time' }] })
    .transform((text) => new Date(isCalendarDay(text) ? `${text}T00:00:00.000Z` : text));

// PostgreSQL text cannot hold U+0000 (an insert or even a lookup with it fails, issue 15), and no
// person types the other C0 control characters or DEL into a form. Multi-line text keeps tab,
// line feed and carriage return; single-line text (names, titles, passwords) refuses them too.
/* eslint-disable no-control-regex -- matching control characters is the point */
const SINGLE_LINE_CONTROLS = /[\u0000-\u001F\u007F]/;
const MULTI_LINE_CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/* eslint-enable no-control-regex */

export const hasControlCharacters = (value: string, multiline = false): boolean =>
  (multiline ? MULTI_LINE_CONTROLS : SINGLE_LINE_CONTROLS).test(value);

export interface PlainTextOptions {
  // Keep \t \n \r (descriptions, blog content).
  multiline?: boolean;
  // Trim before the checks (default true); passwords are taken as typed.
  trim?: boolean;
  // Message for a wrong type / a missing value (see messageFor).
  message?: string;
  required?: string;
}

// The one string primitive of every request schema (body, query, path): a string that refuses
// control characters, naming the field in the 400. contracts' schema-walk test proves that every
// string field of every request schema is built on it.
// A lone UTF-16 surrogate (half of an emoji, as fuzzers and broken clients send) cannot be stored
// in JSON (PostgreSQL's jsonb refuses it: an audit detail or event payload would fail) and is no
// character: it becomes U+FFFD, as PostgreSQL's text columns already store it.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
export const wellFormed = (value: string): string => value.replace(LONE_SURROGATE, '\uFFFD');

export function plainText(options: PlainTextOptions = {}) {
  const base = z
    .string({ error: messageFor(options.message, options.required) })
    .overwrite(wellFormed);
  return (options.trim === false ? base : base.trim()).refine(
    (value) => !hasControlCharacters(value, options.multiline),
    VALIDATION.controlCharacters,
  );
}

// Trimmed text that must not be empty, with an upper bound.
export const requiredText = (
  max: number,
  requiredMessage: string = VALIDATION.required,
  options: Pick<PlainTextOptions, 'multiline'> = {},
) =>
  plainText({ ...options, required: requiredMessage })
    .min(1, requiredMessage)
    .max(max, VALIDATION.tooLong(max));

// http(s) only: `javascript:` and `data:` URLs must never reach an <img src> or <a href>.
// The document says so too (issue 29): format uri, and a pattern for the two schemes.
// A field the forms send empty when nothing was typed: '' and null mean "none". The document says
// so too (the field's own schema, or an empty string, or null), else a client that follows it could
// not send what the forms send (issue 29: the document says what the server does).
export const emptyMeansNone = <S extends z.ZodType>(schema: S) =>
  z
    .preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional())
    .meta({
      override: ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
        const given = { ...jsonSchema };
        for (const key of Object.keys(jsonSchema)) delete jsonSchema[key];
        jsonSchema.anyOf = [given, { type: 'string', maxLength: 0 }, { type: 'null' }];
      },
    });

export const HTTP_URL_PATTERN = '^[Hh][Tt][Tt][Pp][Ss]?://';
export const httpUrl = (message: string, max: number) =>
  plainText({ message, trim: false })
    .max(max, message)
    .meta({ format: 'uri', pattern: HTTP_URL_PATTERN })
    .pipe(z.url({ protocol: /^https?$/, error: messageFor(message) }).max(max, message));

// Ids are PostgreSQL integers: one past 2^31 - 1 cannot exist.
export const INT4_MAX = 2_147_483_647;

// An id in a JSON body: a number, as the document says, that a row can have.
export const idSchema = z
  .number({ error: messageFor(VALIDATION.invalidId) })
  .int(VALIDATION.invalidId)
  .positive(VALIDATION.invalidId)
  .max(INT4_MAX, VALIDATION.invalidId);

// Route params ("/api/users/:id"): anything but a whole number is a 400 naming the field; a whole
// number no row can have (0, past INT4_MAX) is flagged `notFound`, which the service kit answers
// with a 404, like any unknown id. Never a database error.
export const routeIdSchema = coercedNumber(
  z
    .number({ error: messageFor(VALIDATION.invalidId) })
    .int(VALIDATION.invalidId)
    .nonnegative(VALIDATION.invalidId),
).refine((id) => id >= 1 && id <= INT4_MAX, {
  message: VALIDATION.notFound,
  params: { notFound: true },
});

export const idParamSchema = z.object({ id: routeIdSchema });
export type IdParam = z.output<typeof idParamSchema>;

export const photoParamSchema = z.object({ id: routeIdSchema, photoId: routeIdSchema });
export type PhotoParam = z.output<typeof photoParamSchema>;
// Issue 33: an uploaded photo's stored name, "<submitter id>-<hash>.webp" (as avatars'; any other
// name is a 404 at the service, which matches it itself).
export const photoFileParamSchema = z.object({
  id: routeIdSchema,
  file: plainText().max(30).meta({ pattern: '^\\d{1,12}-[0-9a-f]{16}\\.webp$' }),
});
