// Cross-site request forgery against the real platform (issue 15.5, docs/decisions.md
// "Cross-site requests"): a page on another origin of the same site (another port of the
// gateway's host, where SameSite=Lax still sends the session cookie) cannot write, and neither
// can a forged Origin or a body that does not say it is JSON. Nothing is written by a refusal.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { registerUser, runEnv } from '../support/index.ts';

const EVIL = { origin: 'http://evil.example' };
const REFUSED = { statusCode: 403, message: 'Cross-site request refused' };

async function signIn(request: APIRequestContext, account: { username: string; password: string }) {
  const response = await request.post('/api/login', { data: account });
  expect(response.ok(), `login as ${account.username}: ${response.status()}`).toBe(true);
}

async function countOf(request: APIRequestContext, path: string): Promise<number> {
  const response = await request.get(path);
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return ((await response.json()) as unknown[]).length;
}

async function createOpportunity(admin: APIRequestContext): Promise<number> {
  const created = await admin.post('/api/opportunities', {
    data: {
      title: `Forgery drill ${Date.now().toString(36)}`,
      description: 'Nobody should be signed up by another site.',
      location: 'Metairie',
      date: new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString(),
      spaces: 5,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

test('a page on another port of the same host cannot log hours or sign the student up', async ({
  browser,
  playwright,
}) => {
  const admin = await playwright.request.newContext({ baseURL: runEnv.baseUrl });
  await signIn(admin, runEnv.admin);
  const opportunityId = await createOpportunity(admin);

  // The victim: a student signed in in the browser.
  const context = await browser.newContext({ baseURL: runEnv.baseUrl });
  const victim = await context.newPage();
  await registerUser(victim);
  const hoursBefore = await countOf(victim.request, '/api/service-hours');

  // The attacker's page: same host, another port (same site, another origin).
  const gateway = runEnv.baseUrl;
  const attacker = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(`<!doctype html><title>Free pizza</title>
      <script>
        // A fire-and-forget write with a body no preflight guards.
        fetch('${gateway}/api/opportunities/${opportunityId}/signup', {
          method: 'POST', mode: 'no-cors', credentials: 'include',
          headers: { 'Content-Type': 'text/plain' }, body: '{}',
        }).finally(() => { document.title = 'sent'; document.forms[0].submit(); });
      </script>
      <form method="post" action="${gateway}/api/service-hours" enctype="application/x-www-form-urlencoded">
        <input name="hours" value="8"><input name="date" value="2025-03-01">
        <input name="description" value="Hours I never served">
      </form>`);
  });
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  try {
    const port = (attacker.address() as AddressInfo).port;
    const answer = victim.waitForResponse((r) => r.url() === `${gateway}/api/service-hours`);
    await victim.goto(`http://127.0.0.1:${port}/`);
    const formPost = await answer;

    // The form navigation lands on the gateway's refusal, in the one JSON shape.
    expect(formPost.status()).toBe(403);
    expect(formPost.request().headers().origin).toBe(`http://127.0.0.1:${port}`);
    expect(await formPost.json()).toEqual(REFUSED);
  } finally {
    attacker.close();
  }

  // Nothing was written in either service, and the victim is still signed in.
  expect(await countOf(context.request, '/api/service-hours')).toBe(hoursBefore);
  expect(await countOf(admin, `/api/opportunities/${opportunityId}/signups`)).toBe(0);
  await context.close();
  await admin.dispose();
});

test('every service refuses a forged Origin or a body that is not JSON, and writes nothing', async ({
  playwright,
}) => {
  const admin = await playwright.request.newContext({ baseURL: runEnv.baseUrl });
  await signIn(admin, runEnv.admin);
  const student = await playwright.request.newContext({ baseURL: runEnv.baseUrl });
  const studentUser = await registerUser(student);
  const opportunityId = await createOpportunity(admin);
  const hoursBefore = await countOf(student, '/api/service-hours');

  // svc-hours: a form post carrying the victim's cookie.
  const hours = await student.post('/api/service-hours', {
    headers: EVIL,
    form: { hours: '5', date: '2025-03-01', description: 'Forged hours' },
  });
  expect(hours.status()).toBe(403);
  expect(await hours.json()).toEqual(REFUSED);
  // Our own origin, but a form body: 415.
  const asForm = await student.post('/api/service-hours', {
    headers: { origin: runEnv.baseUrl },
    form: { hours: '5', date: '2025-03-01', description: 'Forged hours' },
  });
  expect(asForm.status()).toBe(415);
  expect(await asForm.json()).toEqual({
    statusCode: 415,
    message: 'Content-Type must be application/json',
  });
  expect(await countOf(student, '/api/service-hours')).toBe(hoursBefore);

  // svc-volunteer: a text/plain sign-up, then one from a foreign origin.
  const plain = await student.post(`/api/opportunities/${opportunityId}/signup`, {
    headers: { 'content-type': 'text/plain' },
    data: '{}',
  });
  expect(plain.status()).toBe(415);
  const foreign = await student.post(`/api/opportunities/${opportunityId}/signup`, {
    headers: EVIL,
  });
  expect(foreign.status()).toBe(403);
  expect(await countOf(admin, `/api/opportunities/${opportunityId}/signups`)).toBe(0);

  // svc-content: a JSON blog post, but from a foreign origin.
  const post = await student.post('/api/blog-posts', {
    headers: EVIL,
    data: { title: 'Forged story', content: 'F'.repeat(120) },
  });
  expect(post.status()).toBe(403);

  // svc-auth: an admin deletion from a foreign origin; the account lives on.
  const deletion = await admin.delete(`/api/users/${studentUser.id}`, { headers: EVIL });
  expect(deletion.status()).toBe(403);
  expect(await deletion.json()).toEqual(REFUSED);
  expect((await student.get('/api/user')).status()).toBe(200);

  // The same writes without the forgery still work (clients that send no Origin, like this one).
  const signup = await student.post(`/api/opportunities/${opportunityId}/signup`);
  expect(signup.status(), await signup.text()).toBe(201);
  expect(await countOf(admin, `/api/opportunities/${opportunityId}/signups`)).toBe(1);

  await student.dispose();
  await admin.dispose();
});
