// Starts the whole platform once for the e2e run: its own databases (t_<runId>_*), BullMQ prefix
// and mail folder; the URL, mail folder and seeded accounts go to the workers through E2E_* env.
// The function it returns is Playwright's global teardown: everything is stopped and dropped.
import { randomBytes } from 'node:crypto';
import { readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from '../scripts/build.ts';
import { describeViolations } from '../scripts/contract-tap.ts';
import { startPlatform } from '../scripts/platform.ts';
import { postgresAnswers } from '../scripts/postgres.ts';
import { redisAnswers } from '../scripts/redis.ts';
import { ROOT } from '../scripts/workspaces.ts';

const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';
const LOCAL_REDIS = 'redis://127.0.0.1:6379';
const KEPT_RUNS = 3;

export default async function globalSetup(): Promise<() => Promise<void>> {
  const started = Date.now();
  // Builds only what is stale: a no-op after `npm test`'s own build.
  await build({ quiet: true });
  const built = Date.now();

  // A server that already runs is faster than a fresh embedded cluster; the URL env wins.
  const databaseUrl =
    process.env.DATABASE_URL ||
    ((await postgresAnswers(LOCAL_POSTGRES)) ? LOCAL_POSTGRES : undefined);
  const redisUrl =
    process.env.REDIS_URL || ((await redisAnswers(LOCAL_REDIS)) ? LOCAL_REDIS : undefined);

  const runId = `e2e${randomBytes(4).toString('hex')}`;
  const runsDir = join(ROOT, '.data', 'e2e');
  const dataDir = join(runsDir, runId);
  pruneOldRuns(runsDir);
  // Reminders (issue 18): the day-before e-mail goes 24 h minus 30 s before the start, so an event
  // starting in 24 h mails its sign-ups within seconds (e2e/tests/reminders.spec.ts).
  process.env.REMINDER_DAY_BEFORE_MS ??= String(24 * 3600_000 - 30_000);
  const platform = await startPlatform({
    port: 0,
    databaseUrl,
    redisUrl,
    dataDir,
    runId,
    mailDir: join(dataDir, 'mail'),
    logDir: join(dataDir, 'logs'),
    // Every /api exchange checked against the document by Prism (CONTRACT_TAP=off: without).
    contractTap: process.env.CONTRACT_TAP !== 'off',
  });

  process.env.E2E_BASE_URL = platform.url;
  process.env.E2E_RUN_ID = runId;
  process.env.E2E_MAIL_DIR = platform.mailDir;
  process.env.E2E_LOG_DIR = platform.logDir ?? '';
  process.env.E2E_ADMIN_USERNAME = platform.seed.admin.username;
  process.env.E2E_ADMIN_PASSWORD = platform.seed.admin.password;
  process.env.E2E_SUPERVISOR_USERNAME = platform.seed.supervisor.username;
  process.env.E2E_SUPERVISOR_PASSWORD = platform.seed.supervisor.password;
  const skipped =
    platform.skipped.length > 0 ? `; not built yet: ${platform.skipped.join(', ')}` : '';
  console.log(
    `e2e: platform at ${platform.url} in ${((Date.now() - built) / 1000).toFixed(1)} s after ${((built - started) / 1000).toFixed(1)} s of build checks (logs ${platform.logDir}${skipped})`,
  );

  return async () => {
    const contract = platform.contract;
    const violations = contract ? await contract.violations() : [];
    await platform.stop();
    // Keep the logs for a look after a failure; the rest of the run's files go.
    for (const entry of readdirSync(dataDir)) {
      if (entry !== 'logs') rmSync(join(dataDir, entry), { recursive: true, force: true });
    }
    if (!contract) return;
    // After the tests, so one contract gap does not turn unrelated journeys red: the run fails
    // here, once, with the whole list (docs/decisions.md "The contract, checked by tools
    // written elsewhere").
    const list = describeViolations(violations);
    console.log(
      `e2e: Prism checked ${contract.checked} /api exchanges: ${violations.length} violations`,
    );
    if (violations.length > 0) {
      if (platform.logDir)
        writeFileSync(join(platform.logDir, 'contract-violations.txt'), `${list}\n`);
      throw new Error(`the e2e traffic breaks the published API document (Prism):\n${list}`);
    }
  };
}

function pruneOldRuns(runsDir: string): void {
  let runs: string[];
  try {
    runs = readdirSync(runsDir).filter((name) => name.startsWith('e2e'));
  } catch {
    return;
  }
  // Names are random, so order by age through the folder's mtime.
  const withTime = runs.map((name) => ({ name, path: join(runsDir, name) }));
  withTime.sort((a, b) => mtime(a.path) - mtime(b.path));
  for (const old of withTime.slice(0, Math.max(0, withTime.length - (KEPT_RUNS - 1))))
    rmSync(old.path, { recursive: true, force: true });
}

function mtime(path: string): number {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}
