import { BadRequestException, NotFoundException } from '@nestjs/common';
import { describe, expect, it } from '@jest/globals';
import { idParamSchema, photoParamSchema } from '@district/contracts';
import { IdParamDto } from './id-param.dto';
import { ApiValidationPipe, zodValidationException } from './zod-validation';

const pipe = new ApiValidationPipe();
const asParams = (metatype: unknown) => ({ type: 'param' as const, metatype: metatype as never });

function failureOf(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

describe('ApiValidationPipe (nestjs-zod with the kit’s exception)', () => {
  it('passes the parsed (coerced) value on for a createZodDto type', () => {
    expect(pipe.transform({ id: '42' }, asParams(IdParamDto))).toEqual({ id: 42 });
  });

  it('leaves values of other types alone', () => {
    expect(pipe.transform('abc', asParams(String))).toBe('abc');
  });

  it('answers a failed parse with the one 400 body', () => {
    const error = failureOf(() => pipe.transform({ id: 'abc' }, asParams(IdParamDto)));
    expect(error).toBeInstanceOf(BadRequestException);
    expect((error as BadRequestException).getResponse()).toEqual({
      statusCode: 400,
      message: 'Invalid id',
      errors: [{ path: 'id', message: 'Invalid id' }],
    });
  });

  it('answers an id past PostgreSQL’s integer with 404, but 400 when another field is bad too', () => {
    const past = idParamSchema.safeParse({ id: '2147483648' });
    expect(zodValidationException(past.error)).toBeInstanceOf(NotFoundException);
    const zero = idParamSchema.safeParse({ id: '0' });
    expect(zodValidationException(zero.error)).toBeInstanceOf(NotFoundException);
    const both = photoParamSchema.safeParse({ id: '2147483648', photoId: 'x' });
    const error = zodValidationException(both.error) as BadRequestException;
    expect(error).toBeInstanceOf(BadRequestException);
    expect(error.getResponse()).toEqual({
      statusCode: 400,
      message: 'Invalid id',
      errors: [{ path: 'photoId', message: 'Invalid id' }],
    });
    expect(idParamSchema.parse({ id: '2147483647' })).toEqual({ id: 2_147_483_647 });
  });

  it('lets an error that is not a parse failure through, as the bug it is', () => {
    const bug = new TypeError('boom');
    expect(zodValidationException(bug)).toBe(bug);
  });
});
