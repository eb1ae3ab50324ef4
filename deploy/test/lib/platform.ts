// The platform under test, shared by the compose scenarios (deploy/test/scenarios): what the
// jest global setup prepared once (engine, base images, piece images, secrets, port), and the
// compose project each scenario uses, brought up from cold by whichever scenario runs first.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import {
  appendFileSync,
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import type { BaseImages } from './base-images.ts';
import { ComposeProject, type ContainerState } from './compose.ts';
import type { DockerTools } from './docker-engine.ts';
import { run, seconds, sleep } from './exec.ts';

export const ROOT = path.resolve(import.meta.dirname, '../../..');
export const PREFIX = 'district';
export const TAG = process.env.DISTRICT_TAG ?? 'compose-test';
export const isOneShot = (service: string) => service.endsWith('-migrate');
// The global setup names its run folder here; the scenarios find the run through it.
export const RUN_ENV = 'DISTRICT_COMPOSE_RUN';

export interface Account {
  username: string;
  password: string;
}

export interface ImageReport {
  piece: string;
  sizeMb: number;
  buildMs: number;
  problems: string[];
}

// What the global setup leaves for the scenarios (run folder, state.json).
export interface RunState {
  runDir: string;
  docker: string;
  compose: string[];
  base: BaseImages;
  baseSource: string;
  npmSecrets: string[];
  images: ImageReport[];
  project: string;
  port: number;
  secretsDir: string;
  admin: Account;
  supervisor: Account;
  phases: Array<[string, number]>;
}

export const log = (line: string) => process.stdout.write(`    ${line}\n`);

export function readState(): RunState {
  const runDir = process.env[RUN_ENV];
  if (!runDir || !existsSync(path.join(runDir, 'state.json')))
    throw new Error(
      `no compose run prepared (${RUN_ENV}): run the scenarios with npm run test:compose`,
    );
  return JSON.parse(readFileSync(path.join(runDir, 'state.json'), 'utf8')) as RunState;
}

export const writeState = (state: RunState) =>
  writeFileSync(path.join(state.runDir, 'state.json'), JSON.stringify(state, null, 2), {
    mode: 0o600,
  });

// A figure of issue 8 (timings, failures under load): printed now and again at the end.
export function figure(line: string): void {
  log(`figure: ${line}`);
  const runDir = process.env[RUN_ENV];
  if (runDir) appendFileSync(path.join(runDir, 'figures.txt'), `${line}\n`);
}

export const readFigures = (runDir: string): string[] =>
  existsSync(path.join(runDir, 'figures.txt'))
    ? readFileSync(path.join(runDir, 'figures.txt'), 'utf8').split('\n').filter(Boolean)
    : [];

export const toolsOf = (state: RunState): DockerTools => ({
  docker: state.docker,
  compose: state.compose,
  env: { ...process.env, DOCKER_BUILDKIT: '1' },
});

export function projectOf(state: RunState): ComposeProject {
  const env: Record<string, string> = {
    ...(state.base as unknown as Record<string, string>),
    DISTRICT_IMAGE_PREFIX: PREFIX,
    DISTRICT_TAG: TAG,
    GATEWAY_PORT: String(state.port),
    PUBLIC_URL: baseUrlOf(state),
    DISTRICT_SECRETS_DIR: state.secretsDir,
  };
  return new ComposeProject(toolsOf(state), state.project, env, ROOT);
}

export const baseUrlOf = (state: RunState) => `http://127.0.0.1:${state.port}`;

export interface Platform {
  state: RunState;
  project: ComposeProject;
  baseUrl: string;
  // Set when this call brought the project up from cold (fresh volumes).
  coldUpMs?: number;
}

// The running platform; up from cold (and healthy) if no scenario brought it up yet.
export async function platform(): Promise<Platform> {
  const state = readState();
  const project = projectOf(state);
  const baseUrl = baseUrlOf(state);
  if ((await project.containers()).length > 0) {
    await project.waitHealthy(300_000, isOneShot);
    return { state, project, baseUrl };
  }
  const started = Date.now();
  await project.compose(['up', '-d', '--no-build'], { timeoutMs: 600_000 });
  await project.waitHealthy(300_000, isOneShot);
  const coldUpMs = Date.now() - started;
  figure(`cold up to healthy: ${seconds(coldUpMs)} (fresh volumes, images built)`);
  return { state, project, baseUrl, coldUpMs };
}

// Replica counts for the scenarios that need them (the others leave the rest as it is).
export async function scale(project: ComposeProject, replicas: Record<string, number>) {
  await project.compose([
    'up',
    '-d',
    '--no-deps',
    '--no-build',
    '--no-recreate',
    ...Object.entries(replicas).flatMap(([service, n]) => ['--scale', `${service}=${n}`]),
    ...Object.keys(replicas),
  ]);
  await project.waitHealthy(180_000, isOneShot);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '0.0.0.0', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

// Random secrets for this run, in the layout deploy/compose/dev-secrets documents.
export function writeSecrets(dir: string) {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const secret = () => randomBytes(18).toString('base64url');
  const db = Object.fromEntries(
    ['auth', 'volunteer', 'content', 'hours'].map((s) => [s, secret()]),
  );
  const admin = { username: 'admin', password: secret() };
  const supervisor = { username: 'supervisor', password: secret() };
  const files: Record<string, string> = {
    'postgres.env': [
      `POSTGRES_PASSWORD=${secret()}`,
      ...Object.entries(db).map(([s, pw]) => `SVC_${s.toUpperCase()}_DB_PASSWORD=${pw}`),
    ].join('\n'),
    'identity.env': `IDENTITY_SECRET=${randomBytes(32).toString('hex')}`,
    'svc-auth.env': [
      `DATABASE_URL=postgres://svc_auth:${db.auth}@postgres:5432/district_auth`,
      `SEED_ADMIN_USERNAME=${admin.username}`,
      `SEED_ADMIN_PASSWORD=${admin.password}`,
      `SEED_SUPERVISOR_USERNAME=${supervisor.username}`,
      `SEED_SUPERVISOR_PASSWORD=${supervisor.password}`,
    ].join('\n'),
  };
  for (const s of ['volunteer', 'content', 'hours'])
    files[`svc-${s}.env`] = `DATABASE_URL=postgres://svc_${s}:${db[s]}@postgres:5432/district_${s}`;
  // svc-hours signs official service records with its own Ed25519 key (issue 19).
  const recordKey = generateKeyPairSync('ed25519')
    .privateKey.export({ format: 'der', type: 'pkcs8' })
    .toString('base64');
  files['svc-hours.env'] += `\nRECORD_SIGNING_KEY=${recordKey}`;
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(path.join(dir, name), `${text}\n`, { mode: 0o600 });
    chmodSync(path.join(dir, name), 0o600);
  }
  return { dir, admin, supervisor };
}

// A copy of the build context (what git knows, without ignored files) for a patched build.
export async function copyContext(target: string): Promise<void> {
  const listed = await run('git', ['ls-files', '-co', '--exclude-standard', '-z'], { cwd: ROOT });
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    const source = path.join(ROOT, file);
    if (!existsSync(source)) continue;
    mkdirSync(path.dirname(path.join(target, file)), { recursive: true });
    cpSync(source, path.join(target, file));
  }
}

export async function login(baseUrl: string, account: Account): Promise<string> {
  const response = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (!response.ok) throw new Error(`login as ${account.username}: ${response.status}`);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('sid='));
  if (!cookie) throw new Error('login answered without a sid cookie');
  return cookie.split(';')[0];
}

// Which container is which, and when it started: a restart or replacement changes the value.
export const startedAtOf = (states: ContainerState[]) =>
  new Map(
    states
      .filter((c) => !isOneShot(c.service))
      .map((c) => [c.name, `${c.service}|${c.id}@${c.startedAt}`]),
  );

// Long-running containers restarted, replaced or added between two snapshots.
export function changedContainers(
  before: Map<string, string>,
  after: Map<string, string>,
): string[] {
  const changed = [...before.keys()].filter((name) => after.get(name) !== before.get(name));
  for (const name of after.keys()) if (!before.has(name)) changed.push(name);
  return changed;
}

// Ten successes in a row.
export async function untilRecovered(
  url: string,
  cookie: string,
  timeoutMs: number,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  let streak = 0;
  while (Date.now() < deadline) {
    const ok = await fetch(url, { headers: { cookie }, signal: AbortSignal.timeout(5000) })
      .then((r) => r.ok)
      .catch(() => false);
    streak = ok ? streak + 1 : 0;
    if (streak >= 10) return true;
    await sleep(100);
  }
  return false;
}

export interface AccessEntry {
  uri: string;
  upstream_addr: string;
  status: number;
}

// The gateway's JSON access log since a moment.
export async function gatewayAccess(
  project: ComposeProject,
  since: string,
): Promise<AccessEntry[]> {
  const gateway = (await project.containers()).find((c) => c.service === 'gateway');
  if (!gateway) return [];
  const result = await project.docker(['logs', '--since', since, gateway.name], {
    allowFailure: true,
  });
  return `${result.stdout}\n${result.stderr}`
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => {
      try {
        return JSON.parse(line) as AccessEntry;
      } catch {
        return undefined;
      }
    })
    .filter((entry): entry is AccessEntry => Boolean(entry));
}

// The upstream IPs that answered requests for a path (upstream_addr may list several tries).
export const upstreamIps = (entries: AccessEntry[], pathPrefix: string) =>
  new Set(
    entries
      .filter((e) => e.uri.startsWith(pathPrefix))
      .flatMap((e) =>
        e.upstream_addr.split(/[,:] ?/).filter((a) => /^\d+\.\d+\.\d+\.\d+$/.test(a)),
      ),
  );

export async function register(
  baseUrl: string,
  user: { username: string; password: string; name: string; school: string; grade: number },
): Promise<{ ok: boolean; status: number; cookie?: string }> {
  const response = await fetch(`${baseUrl}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...user, email: `${user.username}@example.test`, serviceHours: 0 }),
  });
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('sid='));
  await response.arrayBuffer();
  return {
    ok: response.ok,
    status: response.status,
    cookie: response.ok ? cookie?.split(';')[0] : undefined,
  };
}

export async function createOpportunity(
  baseUrl: string,
  adminCookie: string,
  fields: { title: string; description: string; location: string; inDays: number; spaces: number },
): Promise<{ ok: boolean; status: number; id?: number }> {
  const response = await fetch(`${baseUrl}/api/opportunities`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: adminCookie },
    body: JSON.stringify({
      title: fields.title,
      description: fields.description,
      location: fields.location,
      date: new Date(Date.now() + fields.inDays * 86_400_000).toISOString(),
      spaces: fields.spaces,
    }),
  });
  if (!response.ok) {
    await response.arrayBuffer();
    return { ok: false, status: response.status };
  }
  const { id } = (await response.json()) as { id: number };
  return { ok: true, status: response.status, id };
}

// The main process of a container as the host sees it: tini's child where tini is PID 1.
export async function hostPidOfMain(project: ComposeProject, container: string): Promise<number> {
  const pid = Number(
    (await project.docker(['inspect', '--format', '{{.State.Pid}}', container])).stdout.trim(),
  );
  let children = '';
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
  } catch {
    // No such file (another PID namespace, old kernel): kill the container's PID 1 itself.
  }
  return Number(children.split(' ')[0] || pid);
}

export const restartCount = async (project: ComposeProject, container: string) =>
  Number(
    (await project.docker(['inspect', '--format', '{{.RestartCount}}', container])).stdout.trim(),
  );
