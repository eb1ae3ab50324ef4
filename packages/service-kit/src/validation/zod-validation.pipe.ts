import { BadRequestException, Body, Injectable, Param, PipeTransform, Query } from '@nestjs/common';
import type { z } from 'zod';
import { zodErrorBody } from './zod-error-body';
import type { FieldError } from '../errors/error-body';

// Parses with a contracts schema and returns the parsed (coerced, stripped) value; 400 otherwise.
@Injectable()
export class ZodValidationPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown): z.output<S> {
    const result = this.schema.safeParse(value);
    if (!result.success) throw new BadRequestException(zodErrorBody(result.error));
    return result.data;
  }
}

export const ZodBody = (schema: z.ZodType) => Body(new ZodValidationPipe(schema));
export const ZodQuery = (schema: z.ZodType) => Query(new ZodValidationPipe(schema));
export const ZodParam = (name: string, schema: z.ZodType) =>
  Param(name, new ZodValidationPipe(schema));

// For checks a schema cannot express (e.g. "username already taken"): a 400 naming the field.
export function fieldError(path: string, message: string): BadRequestException {
  const errors: FieldError[] = [{ path, message }];
  return new BadRequestException({ statusCode: 400, message, errors });
}
