// issue 15 point 10: the published contract's reference page for staff, rendered offline from
// the document the gateway serves (no CDN: the Scalar bundle comes from svc-auth).
import { expect, test } from '@playwright/test';
import { runEnv } from '../support/index.ts';

for (const width of [360, 1280]) {
  test(`the API reference page renders the document at ${width} px, offline`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const foreign: string[] = [];
    const errors: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (!['http:', 'https:'].includes(url.protocol)) return;
      if (url.origin !== new URL(runEnv.baseUrl).origin) foreign.push(request.url());
    });
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });

    const response = await page.goto('/api/docs');
    expect(response?.status()).toBe(200);
    await expect(
      page.getByRole('heading', { name: 'District volunteering platform API', level: 1 }),
    ).toBeVisible({ timeout: 20_000 });
    // An endpoint of the document (Scalar renders the first group at once, the rest on scroll),
    // its path and who may call it.
    await expect(page.getByRole('heading', { name: 'The signed-in user', level: 3 })).toBeVisible();
    await expect(page.getByText('/api/user').first()).toBeAttached();
    await expect(page.getByText('Public: no session needed.').first()).toBeAttached();
    await expect(page.getByRole('heading', { name: 'Account', level: 2 })).toBeVisible();
    // Nothing that leads to a hosted service.
    await expect(page.getByText('Ask AI')).toHaveCount(0);
    await expect(page.getByText('Generate MCP')).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath(`api-docs-${width}.png`) });

    expect(foreign, 'requests that left the site').toEqual([]);
    expect(errors.filter((e) => /Content Security Policy|Refused/.test(e))).toEqual([]);
  });
}

test('the document is served as JSON and names every endpoint', async ({ request }) => {
  const response = await request.get('/api/openapi.json');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^application\/json/);
  const document = (await response.json()) as { openapi: string; paths: Record<string, unknown> };
  expect(document.openapi).toBe('3.1.0');
  expect(Object.keys(document.paths)).toContain('/api/opportunities/{id}/signup');
});
