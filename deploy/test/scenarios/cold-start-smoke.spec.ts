// Cold start and smoke journeys: every image passes our image rules, `docker compose up` from
// nothing (fresh volumes) gives a healthy platform behind one published port, and people's
// journeys work in Chromium through it.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { seconds } from '../lib/exec.ts';
import { figure, log, platform, readState, type Platform } from '../lib/platform.ts';
import { launchChromium, runSmokeJourneys } from '../lib/smoke.ts';

const state = readState();

describe('images', () => {
  beforeAll(() => {
    figure(
      `image sizes (${state.baseSource} bases): ${state.images.map((i) => `${i.piece} ${i.sizeMb.toFixed(0)} MB`).join(', ')}`,
    );
  });

  it.each(state.images.map((image) => [image.piece, image] as const))(
    'image %s: non-root, health check, init, env checked at start, nothing shipped by accident',
    (_piece, image) => {
      expect(image.problems).toEqual([]);
    },
  );
});

describe('cold start', () => {
  let up: Platform;
  let browser: Browser | undefined;

  beforeAll(async () => {
    up = await platform();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('docker compose up gives a healthy platform behind the one published port', async () => {
    // Brought up from cold by this file (the first scenario), not found running.
    expect(up.coldUpMs).toEqual(expect.any(Number));
    const health = await fetch(`${up.baseUrl}/_gateway/health`).then(
      (r) => r.status,
      (e: unknown) => String(e),
    );
    log(`${up.baseUrl} healthy in ${seconds(up.coldUpMs ?? 0)}`);
    expect({ url: `${up.baseUrl}/_gateway/health`, status: health }).toEqual({
      url: `${up.baseUrl}/_gateway/health`,
      status: 200,
    });
  });

  it('the gateway is the only published port', async () => {
    const published = (
      await up.project.docker([
        'ps',
        '--filter',
        `label=com.docker.compose.project=${up.project.project}`,
        '--format',
        '{{.Names}} {{.Ports}}',
      ])
    ).stdout
      .split('\n')
      .filter((line) => line.includes('->'));
    expect(published).toEqual([expect.stringContaining('gateway')]);
  });

  it('the smoke journeys pass in Chromium through the gateway', async () => {
    browser = await launchChromium();
    const started = Date.now();
    const { results } = await runSmokeJourneys({
      browser,
      baseUrl: up.baseUrl,
      admin: state.admin,
      supervisor: state.supervisor,
      log,
    });
    const count = (outcome: string) => results.filter((r) => r.outcome === outcome).length;
    figure(
      `compose smoke wall time: ${seconds(Date.now() - started)} (${count('passed')} passed, ${count('failed')} failed, ${count('skipped')} skipped)`,
    );
    // A journey whose API is not built yet is skipped (logged), never counted as passed.
    const failed = results
      .filter((r) => r.outcome === 'failed')
      .map((r) => `${r.name}: ${r.detail ?? ''}`);
    expect(failed).toEqual([]);
    expect(count('passed')).toBeGreaterThan(0);
  });
});
