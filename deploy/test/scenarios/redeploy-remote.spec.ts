// Independent deploy of a remote: mf-blog is rebuilt with a changed title and restarted alone;
// the gateway follows the new container, and the shell, untouched, loads the new remote.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
    // A visible text changes: the blog's title, wherever the area takes it from.
    const file = [
      'packages/contracts/src/messages.ts',
      'mf-blog/src/pages/blog/blog-page.tsx',
    ].find(
      (f) =>
        existsSync(path.join(context, f)) &&
        readFileSync(path.join(context, f), 'utf8').includes("'Student Blog Posts'"),
    );
    if (!file) throw new Error("the text 'Student Blog Posts' was not found to change");
    writeFileSync(
      path.join(context, file),
      readFileSync(path.join(context, file), 'utf8').replace(
        "'Student Blog Posts'",
        `'Student Blog Posts (${marker})'`,
      ),
    );
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
      const heading = page.getByRole('heading', { level: 1 });
      await heading
        .filter({ hasText: marker })
        .waitFor({ timeout: 20_000 })
        .catch(() => undefined);
      expect((await heading.first().textContent())?.trim()).toContain(marker);
    } finally {
      await browser.close();
    }
  });
});
