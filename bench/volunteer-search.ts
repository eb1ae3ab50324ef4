// Finding an opportunity on a phone (issue 14.4): /volunteer with 500 active opportunities in
// Chromium at 360×740 with the CPU slowed 4× (Chrome DevTools' "mid-tier mobile"), as a student.
// For each keystroke in the search box, each filter click and each sort change it prints:
//   - keystroke to result: from the keydown (or pointerdown) to the first paint after the list
//     shows the new criteria (the results element's data-criteria, then a frame and a task);
//   - the interaction time the Event Timing API reports (what INP measures).
//
//   node bench/volunteer-search.ts [--opportunities 500] [--throttle 4] [--runs 3]
import { chromium, type Page } from 'playwright-core';
import { build } from '../scripts/build.ts';
import { latencySummary } from './stats.ts';
import { arg, call, registerStudent, startBenchPlatform } from './volunteer-support.ts';

const OPPORTUNITIES = arg('opportunities', 500);
const THROTTLE = arg('throttle', 4);
const RUNS = arg('runs', 3);
const say = (line: string): void => void process.stdout.write(`${line}\n`);

// Run `work` with at most `limit` at a time.
async function pool<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: limit }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
    }),
  );
}

// In the page: every keydown/pointerdown starts a clock; each change of the results'
// data-criteria stops every running clock at the next paint (a frame, then a task).
function installProbe(): void {
  const w = window as unknown as {
    __pending: number[];
    __latencies: number[];
    __interactions: Map<number, number>;
  };
  w.__pending = [];
  w.__latencies = [];
  w.__interactions = new Map();
  for (const type of ['keydown', 'pointerdown'])
    document.addEventListener(type, (e) => w.__pending.push(e.timeStamp), { capture: true });
  new MutationObserver((records) => {
    if (!records.some((r) => r.attributeName === 'data-criteria')) return;
    const started = w.__pending.splice(0);
    requestAnimationFrame(() =>
      setTimeout(() => {
        const now = performance.now();
        for (const t of started) w.__latencies.push(now - t);
      }),
    );
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-criteria'] });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as PerformanceEventTiming[])
      if (e.interactionId)
        w.__interactions.set(
          e.interactionId,
          Math.max(w.__interactions.get(e.interactionId) ?? 0, e.duration),
        );
  }).observe({ type: 'event', buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
}

async function collect(page: Page): Promise<{ latencies: number[]; interactions: number[] }> {
  await page.waitForTimeout(400);
  return page.evaluate(() => {
    const w = window as unknown as {
      __pending: number[];
      __latencies: number[];
      __interactions: Map<number, number>;
    };
    const result = {
      latencies: w.__latencies.splice(0),
      interactions: [...w.__interactions.values()],
    };
    w.__interactions.clear();
    w.__pending = [];
    return result;
  });
}

await build({ quiet: true });
const bench = await startBenchPlatform();
try {
  say(`seeding ${OPPORTUNITIES} active opportunities…`);
  const words = [
    'Beach',
    'Park',
    'Library',
    'Food bank',
    'Animal shelter',
    'Garden',
    'Clinic',
    'River',
  ];
  const places = ['Kenner', 'Metairie', 'Gretna', 'Harvey', 'Grand Isle', 'Westwego', 'Marrero'];
  const ids: number[] = [];
  await pool(
    Array.from({ length: OPPORTUNITIES }, (_, i) => i),
    8,
    async (i) => {
      const res = await call(`${bench.url}/api/opportunities`, 'POST', bench.adminCookie, {
        title: `${words[i % words.length]} helpers #${i}`,
        description: `Volunteers help with ${words[(i * 3) % words.length]!.toLowerCase()} work: setting up, greeting visitors and cleaning up afterwards.`,
        location: `${places[i % places.length]} Community Center`,
        date: new Date(Date.now() + (1 + (i % 90)) * 86_400_000 + i * 1000).toISOString(),
        spaces: i % 5 === 0 ? 1 : 3 + (i % 17),
      });
      if (res.status !== 201) throw new Error(`create failed: ${res.status}`);
      ids[i] = ((await res.json()) as { id: number }).id;
    },
  );
  // A fifth of them full (one spot, taken), and the viewer signed up for 20.
  const filler = await registerStudent(bench.url, 1);
  const viewer = await registerStudent(bench.url, 2);
  await pool(
    ids.filter((_, i) => i % 5 === 0),
    8,
    async (id) => void (await call(`${bench.url}/api/opportunities/${id}/signup`, 'POST', filler)),
  );
  await pool(
    ids.filter((_, i) => i % 25 === 1),
    8,
    async (id) => void (await call(`${bench.url}/api/opportunities/${id}/signup`, 'POST', viewer)),
  );

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const context = await browser.newContext({
      baseURL: bench.url,
      viewport: { width: 360, height: 740 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    });
    const [name, value] = viewer.split('=') as [string, string];
    await context.addCookies([{ name, value, url: bench.url }]);
    const page = await context.newPage();
    await page.addInitScript(installProbe);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
    const loadStart = Date.now();
    await page.goto('/volunteer');
    const box = page.getByRole('searchbox', { name: 'Search opportunities' });
    await box.waitFor({ timeout: 120_000 });
    await page.locator('.opportunity').first().waitFor();
    say(
      `/volunteer ready with ${OPPORTUNITIES} opportunities in ${Date.now() - loadStart} ms (CPU ${THROTTLE}× slower, 360×740)`,
    );
    await page.waitForTimeout(2000);
    await collect(page);

    const all = { latencies: [] as number[], interactions: [] as number[] };
    const report = (label: string, r: { latencies: number[]; interactions: number[] }) => {
      all.latencies.push(...r.latencies);
      all.interactions.push(...r.interactions);
      const sorted = [...r.latencies].sort((a, b) => a - b);
      say(
        `  ${label}: ${r.latencies.length} results, keystroke to result ${latencySummary(sorted)}; slowest interaction ${Math.max(0, ...r.interactions).toFixed(0)} ms`,
      );
    };
    for (let run = 1; run <= RUNS; run++) {
      say(`run ${run}:`);
      for (const query of ['beach', 'kenner garden', 'zzz', 'food bank gretna']) {
        await box.pressSequentially(query, { delay: 150 });
        report(`typing "${query}"`, await collect(page));
        const shown = (await page.locator('.finder__summary').textContent())?.trim();
        say(`    list: ${shown}`);
        for (let i = 0; i < query.length; i++) await box.press('Backspace', { delay: 150 });
        report(`deleting "${query}"`, await collect(page));
      }
      for (const label of ['Only with open spots', 'My sign-ups']) {
        await page.getByLabel(label).click();
        report(`checking "${label}"`, await collect(page));
        await page.getByLabel(label).click();
        report(`clearing "${label}"`, await collect(page));
      }
      for (const option of ['Most spots left', 'Soonest first']) {
        await page.getByRole('combobox', { name: 'Sort by' }).click();
        await page.getByRole('option', { name: option }).waitFor();
        // The clock starts at the choice, not at opening the menu.
        await page.evaluate(
          () => void ((window as unknown as { __pending: number[] }).__pending = []),
        );
        await page.getByRole('option', { name: option }).click();
        report(`sort "${option}"`, await collect(page));
      }
    }
    const sorted = all.latencies.sort((a, b) => a - b);
    say(
      `all ${sorted.length} keystrokes and clicks: keystroke to result ${latencySummary(sorted)}`,
    );
    const slow = all.interactions.sort((a, b) => a - b);
    say(
      `Event Timing: ${slow.length} interactions over 16 ms${slow.length ? `, ${latencySummary(slow)}` : ''}`,
    );
    await context.close();
  } finally {
    await browser.close();
  }
} finally {
  await bench.stop();
}
