// jest globalSetup for the integration suites: a PostgreSQL and a Redis container of their own for
// each area's run when a Docker engine answers (testcontainers), exported to the kit's test
// helpers as TEST_DATABASE_URL / TEST_REDIS_URL. Without Docker, the servers of DATABASE_URL /
// REDIS_URL (else 127.0.0.1) as before, so a laptop without Docker still runs everything.
//   TEST_CONTAINERS=auto|on|off          (default auto; on fails when Docker or the images lack)
//   TEST_POSTGRES_IMAGE, TEST_REDIS_IMAGE (default: the local images `.ci/run` builds; public
//                                         postgres:17 / redis:7 work the same elsewhere)
import { existsSync } from 'node:fs';

export const TEST_POSTGRES_IMAGE = 'district-local/postgres:15-bookworm';
export const TEST_REDIS_IMAGE = 'district-local/redis:7-bookworm';

interface Started {
  stop(): Promise<unknown>;
}

// On globalThis: jest loads the teardown module separately (same process).
const holder = globalThis as { __districtContainers?: Started[] };
const started: Started[] = (holder.__districtContainers ??= []);

function say(line: string): void {
  process.stdout.write(`\n${line}\n`);
}

export async function startContainers(label: string): Promise<void> {
  const mode = process.env.TEST_CONTAINERS ?? 'auto';
  if (mode === 'off') return;
  const postgresImage = process.env.TEST_POSTGRES_IMAGE ?? TEST_POSTGRES_IMAGE;
  const redisImage = process.env.TEST_REDIS_IMAGE ?? TEST_REDIS_IMAGE;
  const fallBack = (why: string) => {
    if (mode === 'on') throw new Error(`TEST_CONTAINERS=on but ${why}`);
    say(`${label}: ${why}: using DATABASE_URL/REDIS_URL (TEST_CONTAINERS=on to insist)`);
  };
  // No socket and no DOCKER_HOST: no engine to ask (the common laptop case, answered at once).
  if (!process.env.DOCKER_HOST && !existsSync('/var/run/docker.sock'))
    return fallBack('no Docker engine');
  // Ryuk (the reaper) is an image from Docker Hub, unreachable here: the teardown stops ours.
  process.env.TESTCONTAINERS_RYUK_DISABLED ??= 'true';
  const { getContainerRuntimeClient, ImageName } = await import('testcontainers');
  let client;
  try {
    client = await getContainerRuntimeClient();
  } catch {
    return fallBack('no Docker engine answers');
  }
  for (const image of [postgresImage, redisImage])
    if (!(await client.image.exists(ImageName.fromString(image))))
      return fallBack(`image ${image} is missing (\`.ci/run\` builds it)`);

  const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
  const { RedisContainer } = await import('@testcontainers/redis');
  const began = Date.now();
  // The local postgres image follows the official one's contract (POSTGRES_USER/PASSWORD, initdb
  // on first start, scram over TCP); its init server listens on no TCP port, so the health check
  // (pg_isready on localhost) only passes for the real server. Durability is not a test's concern.
  const [postgres, redis] = await Promise.all([
    new PostgreSqlContainer(postgresImage)
      .withUsername('postgres')
      .withPassword('test')
      .withDatabase('postgres')
      .withCommand([
        'postgres',
        '-c',
        'fsync=off',
        '-c',
        'synchronous_commit=off',
        '-c',
        'full_page_writes=off',
      ])
      .withLabels({ 'org.district.test': label })
      .start(),
    // Protected mode would refuse connections from the Docker bridge.
    new RedisContainer(redisImage)
      .withCommand(['redis-server', '--protected-mode', 'no', '--save', '', '--appendonly', 'no'])
      .withLabels({ 'org.district.test': label })
      .start(),
  ]);
  started.push(postgres, redis);
  process.env.TEST_DATABASE_URL = postgres.getConnectionUri();
  process.env.TEST_REDIS_URL = redis.getConnectionUrl();
  say(
    `${label}: PostgreSQL ${postgresImage} and Redis ${redisImage} in containers (${((Date.now() - began) / 1000).toFixed(1)} s)`,
  );
}

export async function stopContainers(): Promise<void> {
  await Promise.all(started.splice(0).map((c) => c.stop()));
}

export default async function globalSetup(
  _globalConfig: unknown,
  project: { displayName?: { name: string }; rootDir: string },
): Promise<void> {
  await startContainers(project.displayName?.name ?? project.rootDir.split('/').pop() ?? 'jest');
}
