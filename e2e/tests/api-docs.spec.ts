// issue 15 point 10: the published contract's reference page for staff, rendered offline from
// the document the gateway serves (no CDN: the Scalar bundle comes from svc-auth).
import { expect, test } from '@playwright/test';

for (const width of [360, 1280]) {
  test(`the API reference page renders the document at ${width} px, offline`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const foreign: string[] = [];
    const errors: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (!['http:', 'https:'].includes(url.protocol)) return;
      if (url.origin !== new URL(page.url() || request.url()).origin) foreign.push(request.url());
    });
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });

    const response = await page.goto('/api/docs');
    expect(response?.status()).toBe(200);
    await expect(
      page.getByRole('heading', { name: 'District volunteering platform API', level: 1 }),
    ).toBeVisible({ timeout: 20_000 });
    // An endpoint of the document, with its role rule.
    await expect(page.getByText('Create an opportunity').first()).toBeAttached();
    await page.screenshot({ path: `test-results/api-docs-${width}.png`, fullPage: false });

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
