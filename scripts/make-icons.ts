// Issue 34: the installable app's icons, rendered once from the SVGs in shell/src/pwa/ by Debian's
// Chromium (no image library needed) into shell/public/icons/, which are committed. Run again
// after changing an SVG: node scripts/make-icons.ts   (env: CHROMIUM_PATH, default /usr/bin/chromium)
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const SHELL = join(import.meta.dirname, '..', 'shell');
const ICONS = [
  { svg: 'icon.svg', size: 192, out: 'icon-192.png' },
  { svg: 'icon.svg', size: 512, out: 'icon-512.png' },
  // Maskable: a full-bleed background with the mark inside the 80% safe zone.
  { svg: 'icon-maskable.svg', size: 192, out: 'icon-maskable-192.png' },
  { svg: 'icon-maskable.svg', size: 512, out: 'icon-maskable-512.png' },
  // iOS's home screen icon (apple-touch-icon): opaque, square; iOS rounds it itself.
  { svg: 'icon-maskable.svg', size: 180, out: 'apple-touch-icon.png' },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
try {
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    const svg = readFileSync(join(SHELL, 'src/pwa', icon.svg), 'utf8');
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}svg{display:block;width:100vw;height:100vh}</style>${svg}`,
    );
    const png = await page.screenshot({ omitBackground: true });
    writeFileSync(join(SHELL, 'public/icons', icon.out), png);
    await page.close();
    console.log(`shell/public/icons/${icon.out} (${icon.size}×${icon.size}, ${png.length} bytes)`);
  }
} finally {
  await browser.close();
}
