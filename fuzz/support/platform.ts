// Starts the platform once for the fuzz run, as e2e/global-setup.ts does (own databases, Redis
// prefix and data folder, dropped at stop), but without the browser build: only /api is fuzzed.
import { randomBytes } from 'node:crypto';
import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { startPlatform, type PlatformHandle } from '../../scripts/platform.ts';
import { postgresAnswers } from '../../scripts/postgres.ts';
import { redisAnswers } from '../../scripts/redis.ts';
import { ROOT } from '../../scripts/workspaces.ts';

const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';
const LOCAL_REDIS = 'redis://127.0.0.1:6379';

export async function startFuzzPlatform(): Promise<PlatformHandle> {
  const databaseUrl =
    process.env.DATABASE_URL ||
    ((await postgresAnswers(LOCAL_POSTGRES)) ? LOCAL_POSTGRES : undefined);
  const redisUrl =
    process.env.REDIS_URL || ((await redisAnswers(LOCAL_REDIS)) ? LOCAL_REDIS : undefined);
  const runId = `fz${randomBytes(4).toString('hex')}`;
  const runsDir = join(ROOT, '.data', 'fuzz');
  pruneOldRuns(runsDir, 2);
  const dataDir = join(runsDir, runId);
  return startPlatform({
    port: 0,
    databaseUrl,
    redisUrl,
    dataDir,
    runId,
    mailDir: join(dataDir, 'mail'),
    logDir: join(dataDir, 'logs'),
    // Errors only: thousands of refused requests would otherwise fill the logs.
    env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
    // Every exchange checked against the document by Prism (CONTRACT_TAP=off: without).
    contractTap: process.env.CONTRACT_TAP !== 'off',
  });
}

// Keeps the newest `keep` runs' folders (their logs are worth a look after a failure).
function pruneOldRuns(runsDir: string, keep: number): void {
  let runs: string[];
  try {
    runs = readdirSync(runsDir).map((name) => join(runsDir, name));
  } catch {
    return;
  }
  runs.sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  for (const old of runs.slice(keep)) rmSync(old, { recursive: true, force: true });
}
