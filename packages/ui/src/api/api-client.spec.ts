import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { json, startTestServer, type TestServer } from '../testing/test-server';
import { apiRequest, getQueryFn } from './api-client';

describe('apiRequest', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({
      'POST /echo': (req, res, body) =>
        json(res, 200, { contentType: req.headers['content-type'], body: JSON.parse(body) }),
      'POST /validation': (_req, res) =>
        json(res, 400, {
          statusCode: 400,
          message: 'Caption is required',
          errors: [{ path: 'caption', message: 'Caption is required' }],
        }),
      'GET /text': (_req, res) =>
        res.writeHead(500, { 'Content-Type': 'text/plain' }).end('Database exploded'),
      'GET /empty': (_req, res) => res.writeHead(503).end(),
      'GET /foreign-json': (_req, res) => json(res, 409, { error: 'taken' }),
      'GET /user-401': (_req, res) => json(res, 401, { statusCode: 401, message: 'Unauthorized' }),
      'GET /user': (_req, res) => json(res, 200, { id: 1, name: 'Ada' }),
    });
  });
  afterAll(() => server.close());

  it('sends JSON with a JSON content type and returns the response', async () => {
    const res = await apiRequest('POST', `${server.origin}/echo`, { a: 1 });
    await expect(res.json()).resolves.toEqual({ contentType: 'application/json', body: { a: 1 } });
  });

  it('uses the message of our JSON error shape after the status code', async () => {
    await expect(apiRequest('POST', `${server.origin}/validation`, {})).rejects.toThrow(
      new Error('400: Caption is required'),
    );
  });

  it('uses the body text when it is not our error shape', async () => {
    await expect(apiRequest('GET', `${server.origin}/text`)).rejects.toThrow(
      new Error('500: Database exploded'),
    );
    await expect(apiRequest('GET', `${server.origin}/foreign-json`)).rejects.toThrow(
      new Error('409: {"error":"taken"}'),
    );
  });

  it('falls back to the status text when the body is empty', async () => {
    await expect(apiRequest('GET', `${server.origin}/empty`)).rejects.toThrow(
      new Error('503: Service Unavailable'),
    );
  });
});

describe('getQueryFn', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      'GET /api/user': (_req, res) => json(res, 401, { statusCode: 401, message: 'Unauthorized' }),
      'GET /api/opportunities/5/signups': (_req, res) =>
        json(res, 200, [{ name: 'Ada', school: 'X' }]),
    });
  });
  afterAll(() => server.close());

  const context = (queryKey: unknown[]) =>
    ({
      queryKey,
      signal: new AbortController().signal,
      meta: undefined,
      client: undefined,
    }) as never;

  it('answers null for 401 when asked to', async () => {
    await expect(
      getQueryFn({ on401: 'returnNull' })(context([`${server.origin}/api/user`])),
    ).resolves.toBeNull();
  });

  it('throws "401: Unauthorized" otherwise', async () => {
    await expect(
      getQueryFn({ on401: 'throw' })(context([`${server.origin}/api/user`])),
    ).rejects.toThrow(new Error('401: Unauthorized'));
  });

  it('joins key segments into the URL', async () => {
    await expect(
      getQueryFn({ on401: 'throw' })(context([`${server.origin}/api/opportunities`, 5, 'signups'])),
    ).resolves.toEqual([{ name: 'Ada', school: 'X' }]);
  });
});
