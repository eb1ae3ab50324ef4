import {
  BadRequestException,
  ConflictException,
  HttpException,
  NotFoundException,
} from '@nestjs/common';
import { QueryFailedError, QueryRunnerAlreadyReleasedError } from 'typeorm';
import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { fieldError, mapError } from './error-body';

describe(mapError.name, () => {
  it('keeps a service’s own HTTP errors, with statusCode and message only', () => {
    expect(mapError(new NotFoundException('Opportunity not found')).body).toEqual({
      statusCode: 404,
      message: 'Opportunity not found',
    });
    expect(mapError(new ConflictException()).body).toEqual({
      statusCode: 409,
      message: 'Conflict',
    });
  });

  it('keeps field errors raised by hand', () => {
    expect(mapError(fieldError('username', 'Username already exists')).body).toEqual({
      statusCode: 400,
      message: 'Username already exists',
      errors: [{ path: 'username', message: 'Username already exists' }],
    });
    expect(mapError(new BadRequestException(['first', 'second'])).body).toEqual({
      statusCode: 400,
      message: 'first',
    });
  });

  it('turns a zod error thrown by a service into the 400 shape', () => {
    const result = z
      .object({ caption: z.string().min(1, 'Caption is required') })
      .safeParse({ caption: '' });
    expect(mapError(result.error).body).toEqual({
      statusCode: 400,
      message: 'Caption is required',
      errors: [{ path: 'caption', message: 'Caption is required' }],
    });
  });

  it('maps unique violations to 409 and hides every other failure behind a logged 500', () => {
    const unique = new QueryFailedError(
      'INSERT',
      [],
      Object.assign(new Error('dup'), { code: '23505' }),
    );
    expect(mapError(unique)).toEqual({
      body: { statusCode: 409, message: 'Already exists' },
      unexpected: false,
    });
    const other = new QueryFailedError(
      'SELECT',
      [],
      Object.assign(new Error('syntax'), { code: '42601' }),
    );
    expect(mapError(other)).toEqual({
      body: { statusCode: 500, message: 'Internal server error' },
      unexpected: true,
    });
    expect(mapError(new TypeError('x is undefined'))).toEqual({
      body: { statusCode: 500, message: 'Internal server error' },
      unexpected: true,
    });
    expect(mapError(new HttpException('db password is hunter2', 500)).body.message).toBe(
      'Internal server error',
    );
  });

  it('maps PostgreSQL and Redis outages to 503 (logged), whatever wraps them', () => {
    const unavailable = {
      body: { statusCode: 503, message: 'Service temporarily unavailable' },
      unexpected: true,
    };
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
    });
    expect(mapError(refused)).toEqual(unavailable);
    expect(mapError(new AggregateError([refused], ''))).toEqual(unavailable);
    expect(
      mapError(
        new QueryFailedError('SELECT 1', [], new Error('Connection terminated unexpectedly')),
      ),
    ).toEqual(unavailable);
    const shuttingDown = Object.assign(new Error('terminating connection'), { code: '57P01' });
    expect(mapError(new QueryFailedError('SELECT 1', [], shuttingDown))).toEqual(unavailable);
    expect(
      mapError(new Error("Stream isn't writeable and enableOfflineQueue options is false")),
    ).toEqual(unavailable);
    expect(mapError(new Error('Command timed out'))).toEqual(unavailable);
    expect(mapError(Object.assign(new Error('x'), { name: 'MaxRetriesPerRequestError' }))).toEqual(
      unavailable,
    );
    // PostgreSQL went away between two statements of a transaction (seen in the fault suite).
    expect(mapError(new QueryRunnerAlreadyReleasedError())).toEqual(unavailable);
    // A bug stays a 500.
    expect(mapError(new Error('Cannot read properties of undefined')).body.statusCode).toBe(500);
  });
});
