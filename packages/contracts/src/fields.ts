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

// Dates arrive as ISO strings (JSON, <input type="date">) or Date objects (forms).
export function toDateInput(value: unknown): unknown {
  if (value === null || value === '') return undefined;
  if (typeof value === 'string') return new Date(value);
  return value;
}

export const coercedNumber = <T extends z.ZodType<number | undefined>>(schema: T) =>
  z.preprocess(toNumberInput, schema);

// Years 1900–9999: JavaScript dates reach ±275,760 years, PostgreSQL's end at 4713 BC, and a
// date outside these years is a typo on this site (found by fuzz/: such dates answered 500).
export const DATE_MIN = new Date('1900-01-01T00:00:00.000Z');
export const DATE_MAX = new Date('9999-12-31T23:59:59.999Z');

const boundedDate = (message: string) =>
  z
    .date({ error: messageFor(message) })
    .min(DATE_MIN, message)
    .max(DATE_MAX, message);

export const coercedDate = (message: string = VALIDATION.invalidDate) =>
  z.preprocess(toDateInput, boundedDate(message));

// Same, but absent ('' included) is fine.
export const optionalCoercedDate = (message: string = VALIDATION.invalidDate) =>
  z.preprocess(toDateInput, boundedDate(message).optional());

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
export const httpUrl = (message: string, max: number) =>
  plainText({ message, trim: false }).pipe(
    z.url({ protocol: /^https?$/, error: messageFor(message) }).max(max, message),
  );

export const idSchema = coercedNumber(
  z
    .number({ error: messageFor(VALIDATION.invalidId) })
    .int(VALIDATION.invalidId)
    .positive(VALIDATION.invalidId),
);

// Ids are PostgreSQL integers: one past 2^31 - 1 cannot exist.
export const INT4_MAX = 2_147_483_647;

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
