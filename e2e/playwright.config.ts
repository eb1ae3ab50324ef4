// End-to-end tests in Debian's Chromium against the whole platform through nginx. The global
// setup starts the platform (fresh databases, own BullMQ prefix and mail folder) and hands its URL
// to the workers through E2E_BASE_URL. No browser is ever downloaded.
import { defineConfig } from '@playwright/test';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Journeys that need a platform nobody has written to yet.
const EMPTY_PLATFORM = /every empty text|a fresh platform shows the empty text/;
const BROADCASTS = /notifications\.spec\.ts$/;
// Switches a district-wide setting (guardian consent mode) that changes what every registration
// needs: it runs last, alone, so no other test registers while it is on.
const DISTRICT_SETTINGS = /guardian-consent\.spec\.ts$/;
// Switches the registration policy to join codes (issue 31): registering then needs a code, so it
// runs after the guardian-consent journeys, alone.
const REGISTRATION_POLICY = /join-codes\.spec\.ts$/;
// The roster policy (issue 31) decides who may get an account at all: after the join codes, alone.
const ROSTER_POLICY = /roster-sign-in\.spec\.ts$/;

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  globalSetup: './global-setup.ts',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  // Two cores run nginx, four services, PostgreSQL and the browsers: two workers at most.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  reporter: [['list']],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    browserName: 'chromium',
    // Issue 34: the shell's service worker would answer the page's requests after the first
    // load, where page.route cannot see them; journeys test the app itself, and
    // tests/offline.spec.ts (serviceWorkers: 'allow') tests the worker.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // Empty texts can only show before any journey has created data: that one runs first, alone.
    { name: 'empty-platform', grep: EMPTY_PLATFORM },
    // Every new opportunity is broadcast to every signed-in user and a newer toast replaces an
    // older one: the journeys that wait for one particular toast run alone, before the others
    // create opportunities.
    {
      name: 'broadcasts',
      testMatch: BROADCASTS,
      grepInvert: EMPTY_PLATFORM,
      dependencies: ['empty-platform'],
    },
    {
      name: 'chromium',
      testIgnore: [BROADCASTS, DISTRICT_SETTINGS, REGISTRATION_POLICY, ROSTER_POLICY],
      grepInvert: EMPTY_PLATFORM,
      dependencies: ['broadcasts'],
    },
    {
      name: 'district-settings',
      testMatch: DISTRICT_SETTINGS,
      grepInvert: EMPTY_PLATFORM,
      dependencies: ['chromium'],
    },
    {
      name: 'registration-policy',
      testMatch: REGISTRATION_POLICY,
      grepInvert: EMPTY_PLATFORM,
      dependencies: ['district-settings'],
    },
    {
      name: 'roster-policy',
      testMatch: ROSTER_POLICY,
      grepInvert: EMPTY_PLATFORM,
      dependencies: ['registration-policy'],
    },
  ],
});
