import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { request } from './support/http-client.ts';
import { startStandIn, verifyRoute, type StandIn } from './support/stand-in.ts';
import {
  deadAddress,
  expectSecurityHeaders,
  startTestGateway,
  type TestGateway,
} from './support/test-gateway.ts';

const SIGNED_IN = { cookie: 'sid=student' };

// Issue 22: the JSON errors nginx answers itself (401 from the session check, 413, 429, 502)
// follow Accept-Language like the services' own errors: Spanish when the caller prefers it,
// English by default.
describe('gateway errors in the caller language (real nginx)', () => {
  let auth: StandIn;
  let volunteer: StandIn;
  let content: StandIn;
  let gateway: TestGateway;
  const url = (path: string) => `${gateway.url}${path}`;
  const unauthorized = (language?: string) =>
    request(url('/api/opportunities'), {
      headers: language === undefined ? {} : { 'accept-language': language },
    });

  beforeAll(async () => {
    auth = await startStandIn('svc_auth', { '/internal/auth/verify': verifyRoute });
    volunteer = await startStandIn('svc_volunteer');
    content = await startStandIn('svc_content');
    gateway = await startTestGateway({
      upstreams: {
        svc_auth: [auth.address],
        svc_volunteer: [volunteer.address],
        svc_content: [content.address],
        // svc-hours is down: its calls get the gateway's 502.
        svc_hours: [await deadAddress()],
      },
    });
  });
  afterAll(async () => {
    await gateway?.stop();
    await Promise.all([auth, volunteer, content].map((s) => s?.close()));
  });

  it('answers 401 in Spanish when Spanish comes first among the languages we speak', async () => {
    for (const language of ['es', 'es-MX,es;q=0.9,en;q=0.8', 'fr-FR,fr;q=0.9,es;q=0.8', 'ES-us']) {
      const res = await unauthorized(language);
      expect(res.status).toBe(401);
      expect(res.headers['content-type']).toBe('application/json');
      expect(res.json()).toEqual({ statusCode: 401, message: 'No autorizado' });
      expectSecurityHeaders(res);
    }
    expect(volunteer.requests).toHaveLength(0);
  });

  it('keeps English by default, and when English comes before Spanish', async () => {
    for (const language of [
      undefined,
      '',
      'en',
      'en-US,en;q=0.9,es;q=0.8',
      'fr',
      'esperanto',
      'es;q=0,en',
    ]) {
      const res = await unauthorized(language);
      expect(res.status).toBe(401);
      expect(res.json()).toEqual({ statusCode: 401, message: 'Unauthorized' });
    }
  });

  it('answers 502 and 413 in Spanish', async () => {
    const down = await request(url('/api/service-hours'), {
      headers: { ...SIGNED_IN, 'accept-language': 'es' },
    });
    expect(down.status).toBe(502);
    expect(down.headers['content-type']).toBe('application/json');
    expect(down.json()).toEqual({ statusCode: 502, message: 'Servicio no disponible' });
    expectSecurityHeaders(down);

    const body = JSON.stringify({ title: 'Demasiado', content: 'x'.repeat(1_100_000) });
    const large = await request(url('/api/blog-posts'), {
      method: 'POST',
      headers: {
        ...SIGNED_IN,
        'accept-language': 'es-419',
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
      },
      body,
    });
    expect(large.status).toBe(413);
    expect(large.json()).toEqual({
      statusCode: 413,
      message: 'El cuerpo de la solicitud es demasiado grande',
    });
    expect(content.requests).toHaveLength(0);
  });

  // Last: it uses up this address's allowance for confirmation links.
  it('answers 429 in Spanish, and in English to the next caller who asks in English', async () => {
    let limited;
    for (let i = 0; i < 40 && !limited; i++) {
      const res = await request(url(`/api/hour-confirmations/${String(i).padStart(43, 'C')}`), {
        headers: { 'accept-language': 'es' },
      });
      if (res.status === 429) limited = res;
    }
    expect(limited?.headers['content-type']).toBe('application/json');
    expect(limited?.json()).toEqual({
      statusCode: 429,
      message: 'Demasiadas solicitudes; inténtalo de nuevo más tarde',
    });
    const english = await request(url(`/api/hour-confirmations/${'D'.repeat(43)}`));
    expect(english.status).toBe(429);
    expect(english.json()).toEqual({
      statusCode: 429,
      message: 'Too many requests, please try again later',
    });
  });
});
