// `npm start`: build what is stale, run the whole platform behind nginx, print the URL, and stop
// every process on Ctrl-C or SIGTERM.
import { DISTRICT_ACCOUNTS, DISTRICT_IDP_PASSWORD } from './district-idp-accounts.ts';
import { join } from 'node:path';
import { build } from './build.ts';
import { DEV_SEED, checkPrerequisites, startPlatform, type PlatformHandle } from './platform.ts';
import { redact } from './postgres.ts';
import { reportFatal } from './prerequisites.ts';
import { ROOT } from './workspaces.ts';

// Set on the first Ctrl-C/SIGTERM; an error after it is the shutdown itself, not a failure.
let stopping = false;

async function main(): Promise<void> {
  const started = Date.now();
  const dataDir = join(ROOT, '.data');
  let platform: PlatformHandle | null = null;
  const aborter = new AbortController();

  const shutdown = (signal: string): void => {
    if (stopping) {
      // A second Ctrl-C: the process exit hook kills whatever is left.
      console.log('platform: forced exit');
      process.exit(1);
    }
    stopping = true;
    console.log(`\nplatform: ${signal}, stopping…`);
    if (!platform) {
      // Still starting: startPlatform stops what it started and rejects; main() then exits.
      aborter.abort();
      return;
    }
    const done = platform.stop();
    done.then(
      () => process.exit(0),
      (error: unknown) => {
        reportFatal(error);
        process.exit(1);
      },
    );
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
    process.on(signal, () => shutdown(signal));

  checkPrerequisites({ redisUrl: process.env.REDIS_URL || undefined });
  await build();
  if (stopping) process.exit(0);
  const port = process.env.PORT ? Number(process.env.PORT) : 8080;
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got "${process.env.PORT}"`);
  const handle = await startPlatform({
    port,
    databaseUrl: process.env.DATABASE_URL || undefined,
    redisUrl: process.env.REDIS_URL || undefined,
    dataDir,
    mailDir: join(dataDir, 'mail'),
    build: false,
    signal: aborter.signal,
  });
  platform = handle;
  if (stopping) {
    await handle.stop();
    process.exit(0);
  }

  const usingDefaults = !process.env.SEED_ADMIN_PASSWORD || !process.env.SEED_SUPERVISOR_PASSWORD;
  console.log('');
  console.log(
    `platform: PostgreSQL ${process.env.DATABASE_URL ? redact(process.env.DATABASE_URL) : `embedded (${join(dataDir, 'postgres')})`}`,
  );
  console.log(
    `platform: Redis ${process.env.REDIS_URL ? redact(process.env.REDIS_URL) : `redis-server on port ${handle.ports.redis}`}`,
  );
  console.log(`platform: mail is captured in ${handle.mailDir} (reset links are printed here too)`);
  if (usingDefaults) {
    console.log(
      `platform: seeded on an empty database (development defaults, set SEED_* to change): ` +
        `admin ${handle.seed.admin.username} / ${handle.seed.admin.password === DEV_SEED.admin.password ? DEV_SEED.admin.password : '(from SEED_ADMIN_PASSWORD)'}, ` +
        `supervisor ${handle.seed.supervisor.username} / ${handle.seed.supervisor.password === DEV_SEED.supervisor.password ? DEV_SEED.supervisor.password : '(from SEED_SUPERVISOR_PASSWORD)'}`,
    );
  }
  if (handle.districtIssuer) {
    console.log(
      `platform: district sign-in through the local provider at ${handle.districtIssuer}; its accounts (password ${DISTRICT_IDP_PASSWORD}):`,
    );
    for (const account of DISTRICT_ACCOUNTS)
      console.log(
        `  ${account.email}${account.school ? `  ${account.school}, grade ${account.grade}` : ''}${account.emailVerified ? '' : '  (e-mail not verified: refused)'}`,
      );
  }
  console.log(
    `platform: ready in ${((Date.now() - started) / 1000).toFixed(1)} s. Ctrl-C stops everything.`,
  );
  console.log(`\n  ${handle.url}\n`);
}

main().catch((error: unknown) => {
  // Ctrl-C during start-up is not an error.
  if (stopping) process.exit(0);
  reportFatal(error);
  process.exit(1);
});
