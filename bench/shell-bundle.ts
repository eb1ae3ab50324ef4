// First-load JavaScript of the shell's sign-in screen (issue 2 "Speed": /auth ≤ 120 KB gzip, no
// remote's entry or manifest fetched before the user opens that area). Builds nothing: it serves
// the built shell and remotes (`npm run build` first) the way the gateway does (index.html for
// unknown paths, /mf/<name>/, /config/remotes.json, a precompressed .gz beside a file when there
// is one, else gzip level 5 on the fly like gateway/templates/gzip.conf), opens /auth signed out
// in Chromium, waits for the network to go idle and sums the bytes of every script response as
// transferred. Beside it, the first-load CSS (every stylesheet response, gzip as transferred): the
// JS budget must never be met by leaving styles out, so the run fails (exit 1, a line saying so)
// when that CSS lacks any class of the kit's stylesheet (packages/ui/src/styles.css) or the page's
// body does not use the kit's font. Also prints each remote's remoteEntry.js size.
// Run: node bench/shell-bundle.ts   (env: CHROMIUM_PATH, default /usr/bin/chromium)
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const ROOT = join(import.meta.dirname, '..');
const REMOTES = [
  { name: 'mf_volunteer', path: 'volunteer', dir: 'mf-volunteer' },
  { name: 'mf_directory', path: 'directory', dir: 'mf-directory' },
  { name: 'mf_blog', path: 'blog', dir: 'mf-blog' },
  { name: 'mf_hours', path: 'hours', dir: 'mf-hours' },
];
const BUDGET_BYTES = 120_000;
const KIT_STYLESHEET = join(ROOT, 'packages/ui/src/styles.css');
const GZIP_LEVEL = 5;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.svg']);

// What nginx would send for a file: the .gz beside it, else gzip on the fly (≥ 1 KB).
function encodedSize(file: string): { raw: number; gzip: number; precompressed: boolean } {
  const raw = statSync(file).size;
  if (existsSync(`${file}.gz`))
    return { raw, gzip: statSync(`${file}.gz`).size, precompressed: true };
  if (raw < 1024) return { raw, gzip: raw, precompressed: false };
  return {
    raw,
    gzip: gzipSync(readFileSync(file), { level: GZIP_LEVEL }).length,
    precompressed: false,
  };
}

function sendFile(req: IncomingMessage, res: ServerResponse, file: string): void {
  const ext = extname(file);
  const headers: Record<string, string> = {
    'content-type': TYPES[ext] ?? 'application/octet-stream',
  };
  const acceptsGzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  if (acceptsGzip && existsSync(`${file}.gz`)) {
    res.writeHead(200, { ...headers, 'content-encoding': 'gzip', vary: 'accept-encoding' });
    createReadStream(`${file}.gz`).pipe(res);
    return;
  }
  const body = readFileSync(file);
  if (acceptsGzip && COMPRESSIBLE.has(ext) && body.length >= 1024) {
    res.writeHead(200, { ...headers, 'content-encoding': 'gzip', vary: 'accept-encoding' });
    res.end(gzipSync(body, { level: GZIP_LEVEL }));
    return;
  }
  res.writeHead(200, headers);
  res.end(body);
}

function fileUnder(dir: string, urlPath: string): string | undefined {
  const file = normalize(join(dir, decodeURIComponent(urlPath)));
  if (!file.startsWith(dir + sep)) return undefined;
  return existsSync(file) && statSync(file).isFile() ? file : undefined;
}

// The kit's class selectors (.ui-button, .ui-field__label, …): each must reach the first load.
function kitClasses(): string[] {
  const css = readFileSync(KIT_STYLESHEET, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
  return [...new Set([...css.matchAll(/\.(ui-[\w-]+)/g)].map((m) => m[1]!))].sort();
}

function kb(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} kB (${(bytes / 1024).toFixed(1)} KiB)`;
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function main(): Promise<void> {
  const shellDist = join(ROOT, 'shell/dist');
  if (!existsSync(join(shellDist, 'index.html'))) {
    process.stderr.write(
      'shell/dist is missing: run `npm run build` (or `npm run build -w @district/shell`) first\n',
    );
    process.exit(1);
  }
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://bench').pathname;
    if (path === '/api/user') return json(res, 401, { statusCode: 401, message: 'Unauthorized' });
    if (path.startsWith('/api/')) return json(res, 404, { statusCode: 404, message: 'Not Found' });
    if (path === '/config/remotes.json') {
      return json(res, 200, {
        remotes: REMOTES.map((r) => ({ name: r.name, entry: `/mf/${r.path}/mf-manifest.json` })),
      });
    }
    const remote = REMOTES.find((r) => path.startsWith(`/mf/${r.path}/`));
    if (remote) {
      const file = fileUnder(
        join(ROOT, remote.dir, 'dist'),
        path.slice(`/mf/${remote.path}/`.length),
      );
      return file
        ? sendFile(req, res, file)
        : json(res, 404, { statusCode: 404, message: 'Not Found' });
    }
    sendFile(req, res, fileUnder(shellDist, path) ?? join(shellDist, 'index.html'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox'],
  });
  try {
    const page = await (await browser.newContext()).newPage();
    const scripts: Array<{ url: string; bytes: number }> = [];
    const sheets: Array<{ url: string; bytes: number; text: string }> = [];
    const fetched: string[] = [];
    const pending: Promise<void>[] = [];
    page.on('requestfinished', (request) => {
      const url = new URL(request.url()).pathname;
      fetched.push(url);
      const type = request.resourceType();
      if (type === 'script') {
        pending.push(
          request.sizes().then((sizes) => {
            scripts.push({ url, bytes: sizes.responseBodySize });
          }),
        );
      } else if (type === 'stylesheet') {
        pending.push(
          Promise.all([request.sizes(), request.response().then((r) => r?.text() ?? '')]).then(
            ([sizes, text]) => {
              sheets.push({ url, bytes: sizes.responseBodySize, text });
            },
          ),
        );
      }
    });
    await page.goto(`${base}/auth`, { waitUntil: 'networkidle' });
    await page.getByRole('tab', { name: 'Login' }).waitFor();
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);

    const total = scripts.reduce((sum, s) => sum + s.bytes, 0);
    scripts.sort((a, b) => b.bytes - a.bytes);
    console.log('Scripts loaded by /auth (signed out), bytes as transferred (gzip):');
    for (const s of scripts)
      console.log(`  ${(s.bytes / 1000).toFixed(1).padStart(7)} kB  ${s.url}`);
    console.log(
      `Total first-load JS: ${kb(total)} gzip, ` +
        `budget ${BUDGET_BYTES / 1000} kB: ${total <= BUDGET_BYTES ? 'within' : 'OVER'}`,
    );

    const cssTotal = sheets.reduce((sum, s) => sum + s.bytes, 0);
    sheets.sort((a, b) => b.bytes - a.bytes);
    console.log('Stylesheets loaded by /auth (signed out), bytes as transferred (gzip):');
    for (const s of sheets)
      console.log(`  ${(s.bytes / 1000).toFixed(1).padStart(7)} kB  ${s.url}`);
    console.log(`Total first-load CSS: ${kb(cssTotal)} gzip`);
    console.log(`Total first-load JS + CSS: ${kb(total + cssTotal)} gzip`);
    // Styles are part of the first load: the budget above only counts if they are all there.
    const loadedCss = sheets.map((s) => s.text).join('\n');
    const classes = kitClasses();
    const missing = classes.filter((c) => !new RegExp(`\\.${c}(?![\\w-])`).test(loadedCss));
    const bodyFont = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
    const kitFont = /--ui-font:\s*([^;]+);/.exec(readFileSync(KIT_STYLESHEET, 'utf8'))?.[1]?.trim();
    const fontOk =
      Boolean(kitFont) && bodyFont.replace(/["']/g, '') === kitFont?.replace(/["']/g, '');
    const kitOk = missing.length === 0 && fontOk;
    console.log(
      kitOk
        ? `Kit styles in the first load: all ${classes.length} classes of packages/ui/src/styles.css, body in the kit font.`
        : `FIRST-LOAD CSS LACKS THE KIT'S STYLES: ${missing.length} of ${classes.length} kit classes missing` +
            `${missing.length ? ` (${missing.slice(0, 6).join(', ')}${missing.length > 6 ? ', …' : ''})` : ''}; ` +
            `body font ${bodyFont}${fontOk ? '' : ' (not the kit font)'}. The JS figure above does not count.`,
    );
    const early = fetched.filter((p) => p.startsWith('/mf/'));
    console.log(
      early.length === 0
        ? 'No remote manifest, entry or chunk fetched on /auth.'
        : `Remote files fetched on /auth (should be none): ${early.join(', ')}`,
    );

    console.log('Remote entries (remoteEntry.js; gzip as the gateway would send it):');
    for (const r of REMOTES) {
      const file = join(ROOT, r.dir, 'dist/remoteEntry.js');
      if (!existsSync(file)) {
        console.log(`  ${r.name.padEnd(13)} not built`);
        continue;
      }
      const size = encodedSize(file);
      console.log(
        `  ${r.name.padEnd(13)} ${(size.raw / 1000).toFixed(1).padStart(6)} kB raw, ` +
          `${(size.gzip / 1000).toFixed(1).padStart(5)} kB gzip${size.precompressed ? ' (precompressed)' : ''}`,
      );
    }
    process.exitCode = total <= BUDGET_BYTES && early.length === 0 && kitOk ? 0 : 1;
  } finally {
    await browser.close();
    server.close();
  }
}

await main();
