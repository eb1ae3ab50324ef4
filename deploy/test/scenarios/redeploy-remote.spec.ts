// Independent deploy of a remote: mf-blog is rebuilt with a changed text and restarted alone;
// the gateway follows the new container, and the shell, untouched, loads the new remote.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { run, seconds, sleep } from '../lib/exec.ts';
import { buildPiece, imageName, PIECES, type Piece } from '../lib/images.ts';
import {
  changedContainers,
  copyContext,
  figure,
  isOneShot,
  login,
  platform,
  PREFIX,
  startedAtOf,
  TAG,
  toolsOf,
  type Platform,
} from '../lib/platform.ts';
import { launchChromium } from '../lib/smoke.ts';

const tag = imageName(PREFIX, 'mf-blog', TAG);
const shellTag = imageName(PREFIX, 'shell', TAG);
const marker = `redeployed ${randomBytes(3).toString('hex')}`;

describe('independent deploy: mf-blog', () => {
  let up: Platform;
  let context: string;
  let previousImage = '';
  let changed: string[] = [];
  let shellBefore = '';
  let shellAfter = '';

  const imageId = async (image: string) =>
    (await up.project.docker(['image', 'inspect', '--format', '{{.Id}}', image])).stdout.trim();

  beforeAll(async () => {
    up = await platform();
    const tools = toolsOf(up.state);
    context = path.join(up.state.runDir, 'context-mf-blog');
    await copyContext(context);
    // A visible text the area owns changes: its own catalogue's "All posts" tab. (The screen's
    // title is in the shared catalogue, which the kit, loaded by the shell, serves: it changes
    // with a shell deploy, not with the area's.)
    const file = path.join(context, 'mf-blog/src/locales/en.json');
    const catalogue = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
    if (catalogue['blog.tabs.all'] !== 'All posts')
      throw new Error("the text 'All posts' was not found in mf-blog's catalogue to change");
    catalogue['blog.tabs.all'] = `All posts (${marker})`;
    writeFileSync(file, JSON.stringify(catalogue, null, 2));
    previousImage = await imageId(tag);

    const manifestBefore = await fetch(`${up.baseUrl}/mf/blog/mf-manifest.json`).then((r) =>
      r.text(),
    );
    const before = startedAtOf(await up.project.containers());
    shellBefore = await imageId(shellTag);
    const started = Date.now();
    await buildPiece(tools, {
      piece: PIECES.find((p) => p.name === 'mf-blog') as Piece,
      context,
      tag,
      base: up.state.base,
      secrets: up.state.npmSecrets,
    });
    const built = Date.now();
    await up.project.compose(['up', '-d', '--no-deps', '--no-build', 'mf-blog']);
    // The gateway follows the new container's address by itself.
    const deadline = Date.now() + 60_000;
    let manifestAfter = manifestBefore;
    while (Date.now() < deadline && manifestAfter === manifestBefore) {
      manifestAfter = await fetch(`${up.baseUrl}/mf/blog/mf-manifest.json`).then(
        (r) => (r.ok ? r.text() : manifestBefore),
        () => manifestBefore,
      );
      if (manifestAfter === manifestBefore) await sleep(250);
    }
    const live = Date.now();
    await up.project.waitHealthy(120_000, isOneShot);
    changed = changedContainers(before, startedAtOf(await up.project.containers()));
    shellAfter = await imageId(shellTag);
    figure(
      `mf-blog redeploy: build ${seconds(built - started)}, restart to live ${seconds(live - built)}`,
    );
  });

  afterAll(async () => {
    // The tag points at the image built from the repository again (the next build starts there).
    if (previousImage)
      await run(up.state.docker, ['tag', previousImage, tag], {
        env: toolsOf(up.state).env,
        allowFailure: true,
      });
    if (context) rmSync(context, { recursive: true, force: true });
  });

  it('mf-blog rebuilt and restarted alone (others kept running)', () => {
    expect(changed).toEqual([expect.stringContaining('mf-blog')]);
    expect(shellAfter).toBe(shellBefore);
  });

  it('the shell picks up the new mf-blog without being rebuilt', async () => {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage({ baseURL: up.baseUrl });
      const [name, value] = (await login(up.baseUrl, up.state.admin)).split('=');
      await page.context().addCookies([{ name, value, url: up.baseUrl }]);
      await page.goto('/blog');
      const tab = page.getByRole('tab', { name: /^All posts/ });
      await tab
        .filter({ hasText: marker })
        .waitFor({ timeout: 20_000 })
        .catch(() => undefined);
      expect((await tab.first().textContent())?.trim()).toBe(`All posts (${marker})`);
    } finally {
      await browser.close();
    }
  });
});
