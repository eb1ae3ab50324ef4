// Starts the whole platform locally: PostgreSQL, Redis, the mail sink, every service that exists,
// and nginx in front, all on free ports. `npm start` and the e2e suite both use it.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildTypeScript, tscProjects } from './build.ts';
import { startContractTap, type ContractTap } from './contract-tap.ts';
import {
  findFreePort,
  portIsFree,
  requireNginx,
  startGateway,
  type GatewayHandle,
} from './gateway.ts';
import { describeMail, startMailSink, type MailSink } from './mail-sink.ts';
import { startDistrictIdp, type DistrictIdp } from './district-idp.ts';
import { DISTRICT_DEV_DOMAINS } from './district-idp-accounts.ts';
import {
  dropDatabases,
  ensureDatabases,
  externalPostgres,
  startEmbeddedPostgres,
  withDatabase,
  type PostgresServer,
} from './postgres.ts';
import { MissingPrerequisiteError } from './prerequisites.ts';
import {
  formatPinoLine,
  startProcess,
  supervise,
  waitForHttp,
  type ManagedProcess,
  type SupervisedProcess,
  type SuperviseOptions,
} from './processes.ts';
import {
  REDIS_INSTALL,
  deleteKeysWithPrefix,
  externalRedis,
  requireRedisServer,
  startRedisServer,
  type RedisServer,
} from './redis.ts';
import { ensureTools, type ToolNeed } from './system-packages.ts';
import { ROOT, listWorkspaces, toolEnv } from './workspaces.ts';

export interface PlatformOptions {
  // Gateway port. Taken as the first to try; the next free one is used if it is busy. 0: any.
  port?: number;
  // A PostgreSQL server URL; one database per service is created on it. Else an embedded server.
  databaseUrl?: string;
  // A Redis URL. Else a redis-server from PATH on a free port.
  redisUrl?: string;
  // Where local state lives (.data/): embedded PostgreSQL, Redis dir, avatars, logs.
  dataDir: string;
  // Set for test runs: databases t_<runId>_<service>, BullMQ prefix t_<runId>, all dropped at stop().
  runId?: string;
  mailDir: string;
  // Extra environment for the services (and the source of SEED_* values); defaults to process.env.
  env?: Record<string, string | undefined>;
  // Write each process's output to <logDir>/<name>.log instead of the console.
  logDir?: string;
  // Compile services that are stale before starting them (default true).
  build?: boolean;
  // Print progress lines (default: true unless logDir is set).
  verbose?: boolean;
  // Abort start-up (Ctrl-C while starting): what was started is stopped, then the promise rejects.
  signal?: AbortSignal;
  // How crashed services, Redis and the embedded PostgreSQL are restarted (default 0.5 s doubling
  // to 8 s, giving up after more than 5 crashes in 60 s).
  supervision?: SuperviseOptions;
  // Test runs: the contract tap (contract-tap.ts) takes the public port and passes everything to
  // nginx on an internal one, checking each /api exchange against the published document.
  contractTap?: boolean;
}

export interface ServiceDefinition {
  name: string;
  schema: string;
  upstream: string;
  // Extra V8 flags (NODE_OPTIONS) the service is tuned for.
  nodeOptions?: string;
}

export interface RunningService extends ServiceDefinition {
  port: number;
  url: string;
  databaseUrl: string;
  // The process running now: after a crash the runner starts a new one (issue 15.3).
  readonly process: ManagedProcess;
  supervisor: SupervisedProcess;
}

export interface SeedAccount {
  username: string;
  password: string;
}

export interface PlatformHandle {
  url: string;
  ports: Record<string, number>;
  databases: Record<string, string>;
  bullmqPrefix: string;
  mailDir: string;
  services: RunningService[];
  skipped: string[];
  seed: { admin: SeedAccount; supervisor: SeedAccount };
  // The local district provider's address (null when DISTRICT_OIDC_ISSUER names another).
  districtIssuer: string | null;
  logDir: string | null;
  // The servers the runner started (their `process` is the one running now, null when external).
  redis: RedisServer;
  postgres: PostgresServer;
  // Set when started with contractTap.
  contract: ContractTap | null;
  stop(): Promise<void>;
}

// Every service of the platform, in start order; one that is not written yet is skipped.
export const SERVICES: ServiceDefinition[] = [
  // Every gateway check and /api/user: with V8's default young generation a scavenge paused
  // 13-19 ms here, with 4 MB 1-3 ms (docs/decisions.md "Young generation").
  {
    name: 'svc-auth',
    schema: 'auth',
    upstream: 'svc_auth',
    nodeOptions: '--max-semi-space-size=4',
  },
  { name: 'svc-volunteer', schema: 'volunteer', upstream: 'svc_volunteer' },
  // Thousands of idle notification streams: a smaller young generation keeps each under 20 KB.
  {
    name: 'svc-content',
    schema: 'content',
    upstream: 'svc_content',
    nodeOptions: '--max-semi-space-size=8',
  },
  { name: 'svc-hours', schema: 'hours', upstream: 'svc_hours' },
];

// The platform's client at the local district provider (issue 31).
export const DISTRICT_DEV_CLIENT = {
  id: 'district-volunteering',
  secret: 'district-idp-dev-secret',
};

export const DEV_SEED = {
  admin: { username: 'admin', password: 'district-admin-dev' },
  supervisor: { username: 'supervisor', password: 'district-supervisor-dev' },
};

const SERVICE_READY_TIMEOUT_MS = 90_000;

export function isRunnable(service: ServiceDefinition): boolean {
  const dir = join(ROOT, service.name);
  return existsSync(join(dir, 'dist', 'main.js')) || existsSync(join(dir, 'src', 'main.ts'));
}

export function databaseName(service: ServiceDefinition, runId?: string): string {
  const short = service.name.replace(/^svc-/, '');
  return runId ? `t_${runId}_${short}` : `district_${short}`;
}

// Machine tools the platform needs, checked before anything slow starts: installed with the
// system's package manager when missing and allowed, else one line saying what to install.
export function checkPrerequisites(options: { redisUrl?: string; nginx?: boolean }): void {
  const needs: ToolNeed[] = [];
  if (options.nginx !== false)
    needs.push({
      tool: 'nginx',
      why: 'the gateway',
      missingLine: 'nginx not found: install it with `apt-get install nginx` (or set NGINX_BIN)',
    });
  if (!options.redisUrl)
    needs.push({
      tool: 'redis-server',
      why: 'sessions and queues',
      missingLine: `redis-server not found: ${REDIS_INSTALL}`,
    });
  ensureTools(needs, {
    locate: (tool) => {
      try {
        return tool === 'nginx' ? requireNginx() : requireRedisServer();
      } catch {
        return null;
      }
    },
  });
}

export async function startPlatform(options: PlatformOptions): Promise<PlatformHandle> {
  checkPrerequisites(options);
  const verbose = options.verbose ?? !options.logDir;
  const say = (line: string): void => {
    if (verbose) console.log(line);
  };
  const env = options.env ?? process.env;
  const dataDir = resolve(options.dataDir);
  const mailDir = resolve(options.mailDir);
  const logDir = options.logDir ? resolve(options.logDir) : null;
  const testRun = Boolean(options.runId);
  if (options.runId && !/^[a-z0-9_]+$/.test(options.runId))
    throw new Error('runId may contain only a-z, 0-9 and _');
  const bullmqPrefix = options.runId ? `t_${options.runId}` : (env.BULLMQ_PREFIX ?? 'district');
  mkdirSync(dataDir, { recursive: true });
  mkdirSync(mailDir, { recursive: true });
  const logFile = (name: string): string | undefined =>
    logDir ? join(logDir, `${name}.log`) : undefined;

  const present = SERVICES.filter(isRunnable);
  const skipped = SERVICES.filter((s) => !present.includes(s)).map((s) => s.name);
  for (const name of skipped) say(`platform: ${name} skipped (no dist/main.js or src/main.ts yet)`);

  // Everything started so far, stopped in reverse order on failure or stop().
  const cleanups: Array<{ what: string; run: () => Promise<unknown> }> = [];
  let stopping: Promise<void> | null = null;
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      for (const step of cleanups.reverse()) {
        const started = Date.now();
        try {
          await step.run();
          if (process.env.DEBUG)
            console.log(`platform: stopped ${step.what} in ${Date.now() - started} ms`);
        } catch (error) {
          console.error(
            `platform: stopping ${step.what} failed: ${error instanceof Error ? error.message : String(error)}`,
          );
        }
      }
    })();
    return stopping;
  };

  const checkpoint = (): void => options.signal?.throwIfAborted();
  try {
    if (options.build !== false) {
      const names = new Set(present.map((s) => s.name));
      // Services plus the packages they reference: tsc -b follows the references itself.
      const projects = tscProjects(listWorkspaces()).filter((ws) => names.has(ws.dir));
      await buildTypeScript({ quiet: !verbose }, projects);
    }
    for (const service of present) {
      if (!existsSync(join(ROOT, service.name, 'dist', 'main.js'))) {
        throw new Error(`${service.name} has src/main.ts but no dist/main.js after the build`);
      }
    }

    // Gateway port first, so a busy 8080 is noticed before anything slow starts.
    const gatewayPort = await pickGatewayPort(options.port ?? 8080);
    const publicUrl = `http://127.0.0.1:${gatewayPort}`;

    // PostgreSQL, Redis and the mail sink start side by side. allSettled: if one fails, the
    // others have registered their cleanup before stop() runs.
    const [postgres, redis, mail, districtIdp] = settledOrThrow(
      await Promise.allSettled([
        (async (): Promise<PostgresServer> => {
          const server = options.databaseUrl
            ? externalPostgres(options.databaseUrl)
            : await startEmbeddedPostgres({
                dir: testRun
                  ? join(dataDir, `postgres-${options.runId}`)
                  : join(dataDir, 'postgres'),
                port: await findFreePort(),
                persistent: !testRun,
                logFile: logFile('postgres') ?? join(dataDir, 'logs', 'postgres.log'),
                supervision: options.supervision,
              });
          cleanups.push({ what: 'PostgreSQL', run: () => server.stop() });
          return server;
        })(),
        (async (): Promise<RedisServer> => {
          const server = options.redisUrl
            ? externalRedis(options.redisUrl)
            : await startRedisServer({
                port: await findFreePort(),
                // A test run's append-only file is its own, gone with its data folder.
                dir: join(dataDir, testRun ? `redis-${options.runId}` : 'redis'),
                logFile: logFile('redis'),
                supervision: options.supervision,
              });
          cleanups.push({ what: 'Redis', run: () => server.stop() });
          return server;
        })(),
        (async (): Promise<MailSink> => {
          const sink = await startMailSink({
            dir: mailDir,
            onMail: (message) => {
              if (verbose) console.log(`platform: ${describeMail(message)}`);
            },
          });
          cleanups.push({ what: 'mail sink', run: () => sink.stop() });
          return sink;
        })(),
        // Issue 31: the local district identity provider (a real OpenID provider), unless
        // DISTRICT_OIDC_ISSUER names another one.
        (async (): Promise<DistrictIdp | null> => {
          if (!testRun && env.DISTRICT_OIDC_ISSUER) return null;
          const idp = await startDistrictIdp({
            clients: [
              {
                clientId: DISTRICT_DEV_CLIENT.id,
                clientSecret: DISTRICT_DEV_CLIENT.secret,
                redirectUris: [`${publicUrl}/api/auth/district/callback`],
                postLogoutRedirectUris: [`${publicUrl}/auth`],
              },
            ],
          });
          cleanups.push({ what: 'district identity provider', run: () => idp.stop() });
          return idp;
        })(),
      ]),
    );

    checkpoint();
    const databases: Record<string, string> = {};
    const names = present.map((s) => databaseName(s, options.runId));
    await ensureDatabases(postgres.url, names, testRun);
    if (testRun) {
      // Registered after PostgreSQL, so it runs before PostgreSQL stops.
      cleanups.push({ what: 'test databases', run: () => dropDatabases(postgres.url, names) });
      cleanups.push({
        what: 'test Redis keys',
        run: () => deleteKeysWithPrefix(redis.url, bullmqPrefix),
      });
    }
    for (const service of present)
      databases[service.name] = withDatabase(postgres.url, databaseName(service, options.runId));

    const seed = seedAccounts(env, testRun);
    const identitySecret = randomBytes(32).toString('hex');
    const recordSigningKey = recordSigningKeyFor(env, dataDir, testRun);
    const avatarDir = testRun
      ? join(dataDir, `avatars-${options.runId}`)
      : join(dataDir, 'avatars');
    mkdirSync(avatarDir, { recursive: true });
    // Issue 33: svc-volunteer's uploaded event photos.
    const photoDir = testRun ? join(dataDir, `photos-${options.runId}`) : join(dataDir, 'photos');
    mkdirSync(photoDir, { recursive: true });

    checkpoint();
    const services: RunningService[] = [];
    const servicePorts = new Map<string, number>();
    for (const service of present) servicePorts.set(service.name, await findFreePort());
    // allSettled: on a failure, wait until every start attempt has registered its cleanup.
    const outcomes = await Promise.allSettled(
      present.map(async (service) => {
        const port = servicePorts.get(service.name) as number;
        const serviceEnv = toolEnv(
          {
            NODE_ENV: testRun ? 'test' : (env.NODE_ENV ?? 'development'),
            HOST: '127.0.0.1',
            PORT: String(port),
            DATABASE_URL: databases[service.name],
            DB_SCHEMA: service.schema,
            REDIS_URL: redis.url,
            BULLMQ_PREFIX: bullmqPrefix,
            IDENTITY_SECRET: identitySecret,
            MIGRATE_ON_START: 'true',
            LOG_LEVEL: env.LOG_LEVEL ?? 'info',
            // A test run's reset links must point at its own gateway, whatever the shell says.
            PUBLIC_URL: (!testRun && env.PUBLIC_URL) || publicUrl,
            SMTP_URL: mail.url,
            MAIL_FROM: env.MAIL_FROM ?? 'District Volunteers <no-reply@district.local>',
            AVATAR_DIR: avatarDir,
            PHOTO_DIR: photoDir,
            RECORD_SIGNING_KEY: recordSigningKey,
            // The district named on official service records (issue 33).
            DISTRICT_NAME: env.DISTRICT_NAME ?? 'Jefferson Parish Public School System',
            // svc-auth asks the others for their part of a student's data export (issue 20).
            EXPORT_SOURCES: present
              .filter((other) => other.name !== 'svc-auth')
              .map((other) => `http://127.0.0.1:${servicePorts.get(other.name)}`)
              .join(','),
            ...(districtIdp
              ? {
                  DISTRICT_OIDC_ISSUER: districtIdp.issuer,
                  DISTRICT_OIDC_CLIENT_ID: DISTRICT_DEV_CLIENT.id,
                  DISTRICT_OIDC_CLIENT_SECRET: DISTRICT_DEV_CLIENT.secret,
                  DISTRICT_OIDC_ALLOWED_DOMAINS: DISTRICT_DEV_DOMAINS.join(','),
                  DISTRICT_OIDC_HELP_CONTACT: 'help@district.test',
                }
              : {}),
            SEED_ADMIN_USERNAME: seed.admin.username,
            SEED_ADMIN_PASSWORD: seed.admin.password,
            SEED_SUPERVISOR_USERNAME: seed.supervisor.username,
            SEED_SUPERVISOR_PASSWORD: seed.supervisor.password,
            // e2e and fuzz register and ask for resets far faster than people do, from one address.
            ...(testRun
              ? {
                  RATE_LIMIT_PER_MINUTE: '100000',
                  REGISTRATIONS_PER_MINUTE: '100000',
                  REGISTRATIONS_PER_DAY: '10000000',
                }
              : {}),
            ...(service.nodeOptions ? { NODE_OPTIONS: service.nodeOptions } : {}),
          },
          inheritedEnv(env),
        );
        const url = `http://127.0.0.1:${port}`;
        // Started again on the same port when it crashes; nginx's upstream stays valid.
        const launch = async (): Promise<ManagedProcess> => {
          const child = await startProcess(service.name, process.execPath, ['dist/main.js'], {
            cwd: join(ROOT, service.name),
            env: serviceEnv,
            logFile: logFile(service.name),
            format: formatPinoLine,
          });
          try {
            await waitForHttp(`${url}/health/ready`, {
              process: child,
              timeoutMs: SERVICE_READY_TIMEOUT_MS,
              what: service.name,
              signal: options.signal,
            });
          } catch (error) {
            await child.stop();
            throw error;
          }
          return child;
        };
        // A crash after start-up is said on the console (not only seen as 502s in the browser).
        const supervisor = await supervise(service.name, launch, options.supervision);
        cleanups.push({ what: service.name, run: () => supervisor.stop() });
        services.push({
          ...service,
          port,
          url,
          databaseUrl: databases[service.name] as string,
          get process() {
            return supervisor.current();
          },
          supervisor,
        });
        say(`platform: ${service.name} ready on port ${port}`);
      }),
    );
    const failure = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
    if (failure) throw failure.reason;
    services.sort(
      (a, b) =>
        SERVICES.findIndex((s) => s.name === a.name) - SERVICES.findIndex((s) => s.name === b.name),
    );
    checkpoint();

    // With the tap, nginx listens inside and the tap on the address the browser uses.
    const nginxPort = options.contractTap ? await findFreePort() : gatewayPort;
    const gateway: GatewayHandle = await startGateway({
      port: nginxPort,
      runtimeDir: join(dataDir, testRun ? `nginx-${options.runId}` : 'nginx'),
      services: Object.fromEntries(services.map((s) => [s.upstream, s.port])),
      // The origin the gateway accepts writes from (CSRF): the address the browser uses, as in
      // svc-auth's reset links.
      publicUrl: (!testRun && env.PUBLIC_URL) || publicUrl,
      logDir,
    });
    cleanups.push({ what: 'nginx', run: () => gateway.stop() });
    let contract: ContractTap | null = null;
    if (options.contractTap) {
      const tap = await startContractTap({
        upstream: `http://127.0.0.1:${nginxPort}`,
        port: gatewayPort,
      });
      contract = tap;
      cleanups.push({ what: 'contract tap', run: () => tap.stop() });
      say(`platform: contract tap on port ${gatewayPort}, nginx on ${nginxPort}`);
    }
    for (const missing of gateway.missingBuilds)
      say(`platform: ${missing} does not exist yet: that part of the site answers 404`);

    const ports: Record<string, number> = {
      gateway: gatewayPort,
      ...(options.contractTap ? { nginx: nginxPort } : {}),
      postgres: postgres.port,
      redis: redis.port,
      smtp: mail.port,
      ...(districtIdp ? { districtIdp: districtIdp.port } : {}),
      ...Object.fromEntries(services.map((s) => [s.name, s.port])),
    };
    return {
      url: publicUrl,
      ports,
      databases,
      bullmqPrefix,
      mailDir,
      services,
      skipped,
      seed,
      districtIssuer: districtIdp?.issuer ?? null,
      logDir,
      redis,
      postgres,
      contract,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

// The runner's environment minus what belongs to the tool that started it (a test runner's
// loader hooks in NODE_OPTIONS, jest's and Playwright's own variables).
function inheritedEnv(env: Record<string, string | undefined>): Record<string, string | undefined> {
  return Object.fromEntries(
    Object.entries(env).filter(
      ([key]) => !/^(NODE_OPTIONS|JEST_WORKER_ID|PW_.*|PLAYWRIGHT_.*|TEST_WORKER_INDEX)$/.test(key),
    ),
  );
}

function settledOrThrow<T extends readonly unknown[]>(results: {
  [K in keyof T]: PromiseSettledResult<T[K]>;
}): T {
  const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failure) throw failure.reason;
  return results.map((r) => (r as PromiseFulfilledResult<unknown>).value) as unknown as T;
}

// svc-hours' Ed25519 key for official service records (issue 19). The environment's if set; a
// test run gets a fresh one; dev keeps one in the data folder so issued records stay verifiable
// across restarts.
function recordSigningKeyFor(
  env: Record<string, string | undefined>,
  dataDir: string,
  testRun: boolean,
): string {
  if (env.RECORD_SIGNING_KEY) return env.RECORD_SIGNING_KEY;
  const fresh = () =>
    generateKeyPairSync('ed25519')
      .privateKey.export({ format: 'der', type: 'pkcs8' })
      .toString('base64');
  if (testRun) return fresh();
  const file = join(dataDir, 'record-signing-key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const key = fresh();
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  return key;
}

// Dev: SEED_* from the environment, else printed defaults. Tests: random passwords per run.
function seedAccounts(
  env: Record<string, string | undefined>,
  testRun: boolean,
): PlatformHandle['seed'] {
  const pick = (key: string, fallback: string): string => env[key] || fallback;
  const random = (): string => randomBytes(12).toString('base64url');
  return {
    admin: {
      username: pick('SEED_ADMIN_USERNAME', DEV_SEED.admin.username),
      password: pick('SEED_ADMIN_PASSWORD', testRun ? random() : DEV_SEED.admin.password),
    },
    supervisor: {
      username: pick('SEED_SUPERVISOR_USERNAME', DEV_SEED.supervisor.username),
      password: pick('SEED_SUPERVISOR_PASSWORD', testRun ? random() : DEV_SEED.supervisor.password),
    },
  };
}

async function pickGatewayPort(first: number): Promise<number> {
  if (first === 0) return findFreePort();
  for (let port = first; port < first + 50 && port <= 65535; port++) {
    if (await portIsFree(port)) return port;
  }
  throw new MissingPrerequisiteError(
    `no free port from ${first} to ${first + 49}: set PORT to a free one`,
  );
}
