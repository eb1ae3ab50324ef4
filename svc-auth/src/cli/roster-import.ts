import 'reflect-metadata';
import { authDatabaseFromEnv } from './auth-database';
import { createReadStream } from 'node:fs';
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import { AuditService, OutboxService, runMigrations } from '@district/service-kit';
import { RosterImportService } from '../rosters/roster-import.service';
import { RostersRepository, type RoleRules } from '../rosters/rosters.repository';
import { SessionStore } from '../sessions/session-store';
import { UsersRepository } from '../users/users.repository';

const USAGE =
  'usage: npm run roster:import -- --orgs orgs.csv --users users.csv [--dry-run] [--teachers none|supervisor] [--administrators none|supervisor|admin]';

// The nightly job: the same import as POST /api/admin/rosters, from files, against svc-auth's
// database (DATABASE_URL, DB_SCHEMA) and Redis (REDIS_URL, BULLMQ_PREFIX: deactivated people's
// sessions end). Prints what changed as JSON; a refused roster prints each bad line, exit 1.
async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs({
      options: {
        orgs: { type: 'string' },
        users: { type: 'string' },
        'dry-run': { type: 'boolean', default: false },
        teachers: { type: 'string', default: 'none' },
        administrators: { type: 'string', default: 'none' },
      },
    }).values;
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  const rules = { teachers: args.teachers, administrators: args.administrators } as RoleRules;
  if (
    !args.orgs ||
    !args.users ||
    !['none', 'supervisor'].includes(rules.teachers) ||
    !['none', 'supervisor', 'admin'].includes(rules.administrators)
  ) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const dataSource = authDatabaseFromEnv();
  if (!dataSource) return 2;
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { lazyConnect: true });
  try {
    await dataSource.initialize();
    await runMigrations(dataSource);
    const outbox = new OutboxService();
    const imports = new RosterImportService(
      dataSource,
      new RostersRepository(dataSource),
      UsersRepository.over(dataSource),
      outbox,
      new AuditService(dataSource, 'svc-auth', { store: true }, outbox),
      new SessionStore(redis, process.env.BULLMQ_PREFIX ?? 'district'),
    );
    const orgs = await imports.readOrgs(createReadStream(args.orgs));
    const users = await imports.readUsers(createReadStream(args.users));
    const result = await imports.importRoster(null, orgs, users, {
      dryRun: args['dry-run'],
      rules,
    });
    process.stdout.write(`${JSON.stringify(result)}\n`);
    return 0;
  } catch (error) {
    const body = (error as { getResponse?: () => unknown }).getResponse?.() as
      { message: string; errors?: Array<{ path: string; message: string }> } | undefined;
    if (body) {
      process.stderr.write(`${body.message}\n`);
      for (const e of body.errors ?? []) process.stderr.write(`${e.path}.csv ${e.message}\n`);
      return 1;
    }
    process.stderr.write(`roster:import failed: ${(error as Error).message}\n`);
    return 1;
  } finally {
    redis.disconnect();
    if (dataSource.isInitialized) await dataSource.destroy();
  }
}

void main().then((code) => {
  process.exitCode = code;
});
