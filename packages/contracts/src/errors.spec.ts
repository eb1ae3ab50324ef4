import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { fieldErrorMap, formatZodError, isApiError, parseWith, validationErrors } from './errors';
import { eventPhotoSchema } from './opportunities.schema';

describe('formatZodError', () => {
  it('gives 400, the first message, and every field with its message', () => {
    const result = eventPhotoSchema.safeParse({ photoUrl: 'javascript:alert(1)', caption: '' });
    expect(formatZodError(result.error!)).toEqual({
      statusCode: 400,
      message: 'Invalid photo URL',
      errors: [
        { path: 'photoUrl', message: 'Invalid photo URL' },
        { path: 'caption', message: 'Caption is required' },
      ],
    });
  });

  it('says "Required" for a missing field and "Expected X, received Y" for a wrong type', () => {
    const schema = z.strictObject({ a: z.string(), b: z.number(), c: z.boolean() });
    expect(formatZodError(schema.safeParse({ b: 'x', c: null }).error!).errors).toEqual([
      { path: 'a', message: 'Required' },
      { path: 'b', message: 'Expected number, received string' },
      { path: 'c', message: 'Expected boolean, received null' },
    ]);
  });

  it('names each unknown field', () => {
    const schema = z.strictObject({ a: z.string(), nested: z.strictObject({ b: z.string() }) });
    const error = formatZodError(
      schema.safeParse({ a: 'x', nested: { b: 'y', evil: 1 }, isAdmin: true, x: 2 }).error!,
    );
    expect(error.errors).toEqual([
      { path: 'nested.evil', message: 'Unrecognized field: evil' },
      { path: 'isAdmin', message: 'Unrecognized field: isAdmin' },
      { path: 'x', message: 'Unrecognized field: x' },
    ]);
    expect(error.message).toBe('Unrecognized field: evil');
  });

  it('joins nested and array paths with dots', () => {
    const schema = z.object({ items: z.array(z.object({ name: z.string().min(2, 'Too short') })) });
    expect(
      formatZodError(schema.safeParse({ items: [{ name: 'ok' }, { name: 'x' }] }).error!).errors,
    ).toEqual([{ path: 'items.1.name', message: 'Too short' }]);
  });

  it('reports a body that is not an object at the root', () => {
    const schema = z.strictObject({ a: z.string() });
    expect(formatZodError(schema.safeParse([1, 2]).error!)).toEqual({
      statusCode: 400,
      message: 'Expected object, received array',
      errors: [{ path: '', message: 'Expected object, received array' }],
    });
  });

  it('accepts a bare issue list', () => {
    const issues = z.string().safeParse(1).error!.issues;
    expect(formatZodError(issues).message).toBe('Expected string, received number');
  });

  it('keeps custom messages untouched', () => {
    const schema = z.object({ a: z.string({ error: 'Pick a name' }) });
    expect(formatZodError(schema.safeParse({ a: 1 }).error!).message).toBe('Pick a name');
  });
});

describe('fieldErrorMap and parseWith', () => {
  const schema = z.strictObject({
    a: z.string().min(3, 'Too short').regex(/^x/, 'Must start with x'),
  });

  it('keeps the first message per field', () => {
    expect(fieldErrorMap(schema.safeParse({ a: 'y' }).error!)).toEqual({ a: 'Too short' });
  });

  it('reads an ApiError from the server too', () => {
    expect(
      fieldErrorMap({ statusCode: 400, message: 'm', errors: [{ path: 'a', message: 'm' }] }),
    ).toEqual({ a: 'm' });
    expect(fieldErrorMap({ statusCode: 404, message: 'Not Found' })).toEqual({});
  });

  it('gives no messages for valid input', () => {
    expect(validationErrors(schema, { a: 'xyz' })).toEqual({});
    expect(validationErrors(schema, { a: 'y' })).toEqual({ a: 'Too short' });
  });

  it('returns data or an ApiError', () => {
    expect(parseWith(schema, { a: 'xyz' })).toEqual({ success: true, data: { a: 'xyz' } });
    const failed = parseWith(schema, { a: 'y' });
    expect(failed.success).toBe(false);
    if (!failed.success) expect(isApiError(failed.error)).toBe(true);
  });

  it('recognises the error shape', () => {
    expect(isApiError({ statusCode: 401, message: 'Unauthorized' })).toBe(true);
    expect(isApiError({ message: 'x' })).toBe(false);
    expect(isApiError('500: oops')).toBe(false);
  });
});
