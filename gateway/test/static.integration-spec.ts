import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { request } from './support/http-client.ts';
import { startStandIn, staticFilesRoute, verifyRoute, type StandIn } from './support/stand-in.ts';
import { INDEX_HTML, MAIN_JS, createStaticFixtures } from './support/static-fixtures.ts';
import {
  expectSecurityHeaders,
  startTestGateway,
  type TestGateway,
} from './support/test-gateway.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

describe('static files from disk', () => {
  let auth: StandIn;
  let gateway: TestGateway;

  beforeAll(async () => {
    auth = await startStandIn('svc_auth', { '/internal/auth/verify': verifyRoute });
    gateway = await startTestGateway({
      upstreams: {
        svc_auth: [auth.address],
        svc_volunteer: [auth.address],
        svc_content: [auth.address],
        svc_hours: [auth.address],
      },
      // A manifest moved elsewhere, with characters that are special in nginx syntax.
      remotesConfig: [
        { name: 'mf_volunteer', entry: '/mf/volunteer/mf-manifest.json' },
        { name: 'mf_directory', entry: '/mf/directory/mf-manifest.json' },
        {
          name: 'mf_blog',
          entry: "https://cdn.example.org/mf/blog/v2/mf-manifest.json?build=$1&who=o'brien",
        },
        { name: 'mf_hours', entry: '/mf/hours/mf-manifest.json' },
      ],
    });
  });
  afterAll(async () => {
    await gateway?.stop();
    await auth?.close();
  });

  it('serves the shell at / with no-cache and the security headers', async () => {
    const res = await request(`${gateway.url}/`);

    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html');
    expect(res.text).toBe(INDEX_HTML);
    expect(res.headers['cache-control']).toBe('no-cache');
    expectSecurityHeaders(res);
  });

  it.each([
    '/volunteer',
    '/service-hours',
    '/reset-password?token=abc123',
    '/no/such/page',
    '/auth',
  ])(
    'answers the client-side route %s with the shell, which shows the right screen',
    async (route) => {
      const res = await request(`${gateway.url}${route}`);

      expect(res.status).toBe(200);
      expect(res.text).toBe(INDEX_HTML);
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it('lets browsers keep content-hashed files for a year', async () => {
    for (const file of [
      '/main.1a2b3c4d.js',
      '/styles.0123abcd89.css',
      '/mf/volunteer/__federation_expose_VolunteerPage.9f8e7d6c5b.js',
    ]) {
      const res = await request(`${gateway.url}${file}`);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe(IMMUTABLE);
    }
    const js = await request(`${gateway.url}/main.1a2b3c4d.js`);
    expect(js.headers['content-type']).toBe('text/javascript');
    expect(js.text).toBe(MAIN_JS);
  });

  it('revalidates files whose name does not change between builds', async () => {
    for (const file of [
      '/index.html',
      '/sw.js',
      '/manifest.webmanifest',
      '/mf/volunteer/remoteEntry.js',
      '/mf/volunteer/mf-manifest.json',
      '/config/remotes.json',
    ]) {
      const res = await request(`${gateway.url}${file}`);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves the web app manifest as application/manifest+json (issue 34)', async () => {
    const res = await request(`${gateway.url}/manifest.webmanifest`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/manifest+json');
  });

  it('answers 304 to a revalidation of an unchanged file, still with no-cache', async () => {
    const first = await request(`${gateway.url}/mf/volunteer/remoteEntry.js`);
    const again = await request(`${gateway.url}/mf/volunteer/remoteEntry.js`, {
      headers: { 'if-none-match': String(first.headers.etag) },
    });

    expect(again.status).toBe(304);
    expect(again.headers['cache-control']).toBe('no-cache');
  });

  it('serves each remote from its own build under /mf/<name>/', async () => {
    const entry = await request(`${gateway.url}/mf/volunteer/remoteEntry.js`);
    const manifest = await request(`${gateway.url}/mf/volunteer/mf-manifest.json`);

    expect(entry.text).toBe('var mf_volunteer;\n');
    expect(entry.headers['content-type']).toBe('text/javascript');
    expect(manifest.json()).toEqual({ name: 'mf_volunteer' });
    expect(manifest.headers['content-type']).toBe('application/json');
  });

  it.each([
    '/mf/volunteer/missing.js',
    '/mf/unknown/remoteEntry.js',
    '/missing.1a2b3c4d.js',
    '/favicon.ico',
  ])('answers a missing file %s with 404, never the shell HTML', async (file) => {
    const res = await request(`${gateway.url}${file}`);

    expect(res.status).toBe(404);
    expect(res.text).not.toContain('<div id="root">');
    expect(res.headers['cache-control']).toBeUndefined();
    expectSecurityHeaders(res);
  });

  it('serves the runtime remote config exactly as configured', async () => {
    const res = await request(`${gateway.url}/config/remotes.json`);

    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.json()).toEqual({ remotes: gateway.options.remotesConfig });
  });

  it('compresses text when the client accepts gzip, and says it varies', async () => {
    const zipped = await request(`${gateway.url}/main.1a2b3c4d.js`, {
      headers: { 'accept-encoding': 'gzip, br' },
    });
    const plain = await request(`${gateway.url}/main.1a2b3c4d.js`);

    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toBe('Accept-Encoding');
    expect(zipped.body.length).toBeLessThan(MAIN_JS.length / 10);
    expect(gunzipSync(zipped.body).toString()).toBe(MAIN_JS);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(MAIN_JS);
  });

  it('sends a precompressed .gz file when the build ships one', async () => {
    const root = (gateway.options.shell as { root: string }).root;
    const source = await readFile(path.join(root, 'main.1a2b3c4d.js'));
    const marker = Buffer.concat([source, Buffer.from('// from the .gz\n')]);
    await writeFile(path.join(root, 'main.1a2b3c4d.js.gz'), gzipSync(marker));

    const res = await request(`${gateway.url}/main.1a2b3c4d.js`, {
      headers: { 'accept-encoding': 'gzip' },
    });

    expect(gunzipSync(res.body).toString()).toContain('// from the .gz');
  });
});

describe('static files from their own containers', () => {
  let auth: StandIn;
  let shellServer: StandIn;
  let remoteServer: StandIn;
  let gateway: TestGateway;
  let fixturesDir: string;

  beforeAll(async () => {
    auth = await startStandIn('svc_auth', { '/internal/auth/verify': verifyRoute });
    // Static containers: plain file servers over the fixture builds, with caching and framing
    // headers of their own that the gateway must override.
    fixturesDir = await mkdtemp(path.join(os.tmpdir(), 'gateway-static-'));
    const { shellRoot, remoteRoot } = await createStaticFixtures(fixturesDir);
    const containerHeaders = { 'cache-control': 'max-age=600', 'x-frame-options': 'SAMEORIGIN' };
    shellServer = await startStandIn('shell', {
      '*': staticFilesRoute(shellRoot, containerHeaders),
    });
    remoteServer = await startStandIn('mf-volunteer', {
      '*': staticFilesRoute(remoteRoot, containerHeaders),
    });
    gateway = await startTestGateway({
      upstreams: {
        svc_auth: [auth.address],
        svc_volunteer: [auth.address],
        svc_content: [auth.address],
        svc_hours: [auth.address],
      },
      shell: { upstream: shellServer.address },
      remotes: {
        volunteer: { upstream: remoteServer.address },
        directory: { upstream: remoteServer.address },
        blog: { upstream: remoteServer.address },
        hours: { upstream: remoteServer.address },
      },
    });
  });
  afterAll(async () => {
    await gateway?.stop();
    await Promise.all([auth, shellServer, remoteServer].map((s) => s?.close()));
    if (fixturesDir) await rm(fixturesDir, { recursive: true, force: true });
  });

  it('fetches /mf/<name>/x from the root of the remote container', async () => {
    const res = await request(`${gateway.url}/mf/volunteer/remoteEntry.js`, {
      headers: { 'x-identity': 'forged.admin' },
    });

    expect(res.status).toBe(200);
    expect(res.text).toBe('var mf_volunteer;\n');
    expect(remoteServer.requests.at(-1)?.url).toBe('/remoteEntry.js');
    expect(remoteServer.requests.at(-1)?.headers['x-identity']).toBeUndefined();
    // The gateway's cache policy and framing rule, not the container's.
    expect(res.headers['cache-control']).toBe('no-cache');
    expectSecurityHeaders(res);
  });

  it('answers a client-side route with the shell when its container has no such file', async () => {
    const res = await request(`${gateway.url}/volunteer`);

    expect(res.status).toBe(200);
    expect(res.text).toBe(INDEX_HTML);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('keeps a missing script a 404', async () => {
    const res = await request(`${gateway.url}/missing.1a2b3c4d.js`);

    expect(res.status).toBe(404);
    expect(res.text).toBe('not found');
    expect(res.headers['cache-control']).toBeUndefined();
  });

  it('serves hashed files from the shell container as immutable', async () => {
    const res = await request(`${gateway.url}/main.1a2b3c4d.js`);

    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
  });
});
