// The local district provider's own sign-in page (scripts/district-idp.ts, another origin): its
// form, then back to the platform.
import { expect, type Page } from '@playwright/test';
import { runEnv } from './run-env.ts';

// Every account of the local provider has this password (README, "Sign in with the district").
const DISTRICT_IDP_PASSWORD = 'district-idp-dev';

export async function signInAtDistrictProvider(page: Page, email: string): Promise<void> {
  await expect(page.getByRole('heading', { name: 'District account' })).toBeVisible();
  expect(new URL(page.url()).origin).not.toBe(new URL(runEnv.baseUrl).origin);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(DISTRICT_IDP_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
