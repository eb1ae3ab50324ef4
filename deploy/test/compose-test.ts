// `npm run test:compose`: the platform from container images, for real, on this machine.
// Starts dockerd if none answers, builds base images from Debian packages where no registry
// answers, builds every piece's image, brings the compose project up from cold, runs the smoke
// journeys in Chromium through the published gateway port, redeploys mf-blog and svc-content
// alone while the rest keeps running, scales two services out, and tears everything down again.
// Prints timings and the figures of issue 8; exits non-zero when a check failed.
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { baseImages, type BaseImages } from './lib/base-images.ts';
import { ComposeProject, type ContainerState } from './lib/compose.ts';
import { ensureDockerEngine, type DockerEngine } from './lib/docker-engine.ts';
import { run, seconds, sleep, Timings } from './lib/exec.ts';
import {
  buildPiece,
  checkImage,
  imageName,
  imageSizeMb,
  npmSecrets,
  PIECES,
  type Piece,
} from './lib/images.ts';
import { describeLoad, startLoad, type LoadSummary } from './lib/load.ts';
import { launchChromium, runSmokeJourneys, type JourneyResult, type Student } from './lib/smoke.ts';
import { validateKubernetes } from './k8s-validate.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PREFIX = 'district';
const TAG = process.env.DISTRICT_TAG ?? 'compose-test';
const isOneShot = (service: string) => service.endsWith('-migrate');

interface Check {
  name: string;
  ok: boolean | 'skipped';
  detail: string;
}

const checks: Check[] = [];
const figures: string[] = [];
const log = (line: string) => process.stdout.write(`    ${line}\n`);

function check(name: string, ok: boolean | 'skipped', detail: string): void {
  checks.push({ name, ok, detail });
  log(`${ok === 'skipped' ? 'SKIP' : ok ? 'ok  ' : 'FAIL'} ${name}: ${detail}`);
}

function freePort(): Promise<number> {
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
function writeSecrets(dir: string) {
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
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(path.join(dir, name), `${text}\n`, { mode: 0o600 });
    chmodSync(path.join(dir, name), 0o600);
  }
  return { dir, admin, supervisor };
}

// A copy of the build context (what git knows, without ignored files) for a patched build.
async function copyContext(target: string): Promise<void> {
  const listed = await run('git', ['ls-files', '-co', '--exclude-standard', '-z'], { cwd: ROOT });
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    const source = path.join(ROOT, file);
    if (!existsSync(source)) continue;
    mkdirSync(path.dirname(path.join(target, file)), { recursive: true });
    cpSync(source, path.join(target, file));
  }
}

async function login(
  baseUrl: string,
  account: { username: string; password: string },
): Promise<string> {
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
const startedAtOf = (states: ContainerState[]) =>
  new Map(
    states
      .filter((c) => !isOneShot(c.service))
      .map((c) => [c.name, `${c.service}|${c.id}@${c.startedAt}`]),
  );

// Long-running containers restarted, replaced or added between two snapshots.
function changedContainers(before: Map<string, string>, after: Map<string, string>): string[] {
  const changed = [...before.keys()].filter((name) => after.get(name) !== before.get(name));
  for (const name of after.keys()) if (!before.has(name)) changed.push(name);
  return changed;
}

async function untilRecovered(url: string, cookie: string, timeoutMs: number): Promise<boolean> {
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

async function gatewayAccess(
  project: ComposeProject,
  since: string,
): Promise<Array<{ uri: string; upstream_addr: string; status: number }>> {
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
        return JSON.parse(line) as { uri: string; upstream_addr: string; status: number };
      } catch {
        return undefined;
      }
    })
    .filter((entry): entry is { uri: string; upstream_addr: string; status: number } =>
      Boolean(entry),
    );
}

async function main(): Promise<number> {
  const timings = new Timings();
  const runDir = mkdtempSync(path.join(tmpdir(), 'district-compose-'));
  let engine: DockerEngine | undefined;
  let project: ComposeProject | undefined;
  let restoreMfBlog: string | undefined;
  let interrupted = false;
  const cleanups: Array<() => Promise<void>> = [];

  const teardown = async () => {
    await timings.phase('teardown', async () => {
      for (const cleanup of cleanups.reverse())
        await cleanup().catch((e: unknown) => log(`cleanup: ${String(e)}`));
      if (project) {
        await project.compose(['down', '--volumes', '--remove-orphans', '--timeout', '10'], {
          allowFailure: true,
        });
        const left = await project.containers();
        const volumes = await project.docker(
          ['volume', 'ls', '-q', '--filter', `label=com.docker.compose.project=${project.project}`],
          { allowFailure: true },
        );
        const networks = await project.docker(
          [
            'network',
            'ls',
            '-q',
            '--filter',
            `label=com.docker.compose.project=${project.project}`,
          ],
          { allowFailure: true },
        );
        const leftovers = [
          left.map((c) => c.name).join(' '),
          volumes.stdout.trim(),
          networks.stdout.trim(),
        ].filter(Boolean);
        check(
          'teardown removed containers, volumes and networks',
          leftovers.length === 0,
          leftovers.length === 0
            ? `project ${project.project} is gone`
            : `left: ${leftovers.join(' ')}`,
        );
      }
      if (restoreMfBlog && engine) {
        await run(engine.docker, ['tag', restoreMfBlog, imageName(PREFIX, 'mf-blog', TAG)], {
          env: engine.env,
          allowFailure: true,
        });
      }
      if (engine) {
        // Keep the cache useful but bounded (only on an engine this run owns): old image
        // versions and build cache beyond 6 GB go.
        if (engine.startedByUs) {
          await run(engine.docker, ['image', 'prune', '-f'], {
            env: engine.env,
            allowFailure: true,
          });
          await run(engine.docker, ['builder', 'prune', '-f', '--keep-storage', '6GB'], {
            env: engine.env,
            allowFailure: true,
          });
        }
        const stopped = await engine.stop();
        if (engine.startedByUs)
          log(`stopped what this run started: ${stopped.join('; ') || 'nothing left'}`);
      }
      rmSync(runDir, { recursive: true, force: true });
    });
  };
  const onSignal = () => {
    if (interrupted) process.exit(130);
    interrupted = true;
    log('interrupted: tearing down');
    void teardown().then(() => process.exit(130));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  try {
    await timings.phase('kubernetes manifests', async () => {
      const result = await validateKubernetes(ROOT, log);
      check(
        'kustomize base and production overlay validate against the Kubernetes schemas',
        result.ok,
        result.detail,
      );
    });

    engine = await timings.phase('docker engine', () =>
      ensureDockerEngine(path.join(runDir, 'dockerd')),
    );
    const tools = engine;

    const { images: base, source } = await timings.phase('base images', () =>
      baseImages(tools, ROOT, log),
    );
    log(`base images (${source}): ${Object.values(base).join(', ')}`);

    const secrets = npmSecrets(runDir);
    const sizes: string[] = [];
    await timings.phase('build images', async () => {
      for (const piece of PIECES) {
        const started = Date.now();
        const tag = imageName(PREFIX, piece.name, TAG);
        await buildPiece(tools, {
          piece,
          context: ROOT,
          tag,
          base,
          secrets,
          echo: process.env.VERBOSE === '1',
        });
        const size = await imageSizeMb(tools, tag);
        const verdict = await checkImage(tools, tag, piece);
        sizes.push(`${piece.name} ${size.toFixed(0)} MB`);
        log(
          `${tag}: ${size.toFixed(0)} MB, built in ${seconds(Date.now() - started)}${verdict.problems.length ? ` — ${verdict.problems.join('; ')}` : ''}`,
        );
        check(
          `image ${piece.name}: non-root, health check, init, env checked at start, nothing shipped by accident`,
          verdict.problems.length === 0,
          verdict.problems.join('; ') || 'ok',
        );
      }
    });
    figures.push(`image sizes (${source} bases): ${sizes.join(', ')}`);

    const port = Number(process.env.GATEWAY_PORT ?? (await freePort()));
    const baseUrl = `http://127.0.0.1:${port}`;
    const accounts = writeSecrets(path.join(runDir, 'secrets'));
    const env: Record<string, string> = {
      ...(base as unknown as Record<string, string>),
      DISTRICT_IMAGE_PREFIX: PREFIX,
      DISTRICT_TAG: TAG,
      GATEWAY_PORT: String(port),
      PUBLIC_URL: baseUrl,
      DISTRICT_SECRETS_DIR: accounts.dir,
    };
    project = new ComposeProject(tools, `districttest${randomBytes(3).toString('hex')}`, env, ROOT);
    const compose = project;

    await timings.phase('compose up (cold)', async () => {
      const started = Date.now();
      await compose.compose(['up', '-d', '--no-build'], { timeoutMs: 600_000 });
      await compose.waitHealthy(300_000, isOneShot);
      const took = Date.now() - started;
      figures.push(`cold up to healthy: ${seconds(took)} (fresh volumes, images built)`);
      const gatewayOk = await fetch(`${baseUrl}/_gateway/health`).then(
        (r) => r.ok,
        () => false,
      );
      check(
        'docker compose up gives a healthy platform behind the one published port',
        gatewayOk,
        `${baseUrl} in ${seconds(took)}`,
      );
      const published = (
        await compose.docker([
          'ps',
          '--filter',
          `label=com.docker.compose.project=${compose.project}`,
          '--format',
          '{{.Names}} {{.Ports}}',
        ])
      ).stdout
        .split('\n')
        .filter((line) => line.includes('->'));
      check(
        'the gateway is the only published port',
        published.length === 1 && published[0].includes('gateway'),
        published.join('; '),
      );
    });

    // Smoke journeys.
    const browser = await launchChromium();
    cleanups.push(() => browser.close());
    let student: Student | undefined;
    let results: JourneyResult[] = [];
    await timings.phase('smoke journeys (Chromium)', async () => {
      const started = Date.now();
      ({ results, student } = await runSmokeJourneys({
        browser,
        baseUrl,
        admin: accounts.admin,
        supervisor: accounts.supervisor,
        log,
      }));
      figures.push(
        `compose smoke wall time: ${seconds(Date.now() - started)} (${results.filter((r) => r.outcome === 'passed').length} passed, ${results.filter((r) => r.outcome === 'failed').length} failed, ${results.filter((r) => r.outcome === 'skipped').length} skipped)`,
      );
      for (const r of results)
        check(
          `smoke: ${r.name}`,
          r.outcome === 'skipped' ? 'skipped' : r.outcome === 'passed',
          r.detail ?? seconds(r.ms),
        );
    });
    const account =
      student && results.find((r) => r.name === 'register')?.outcome === 'passed'
        ? { username: student.username, password: student.password }
        : accounts.admin;
    const cookie = await login(baseUrl, account);

    await timings.phase('crash recovery (restart policies)', () =>
      crashRecovery({ compose, baseUrl, cookie }),
    );
    await timings.phase('independent deploy: mf-blog', () =>
      redeployMfBlog({
        tools,
        compose,
        base,
        secrets,
        baseUrl,
        cookie,
        runDir,
        browser,
        remember: (id) => (restoreMfBlog = id),
      }),
    );
    await timings.phase('independent deploy: svc-content', () =>
      redeployService({ tools, compose, base, secrets, baseUrl, cookie }),
    );
    await timings.phase('scale-out', () =>
      scaleOut({ compose, baseUrl, cookie, admin: accounts.admin }),
    );
  } catch (error) {
    check(
      'compose test ran to the end',
      false,
      error instanceof Error ? error.message : String(error),
    );
  } finally {
    if (!interrupted) await teardown();
  }

  const failed = checks.filter((c) => c.ok === false);
  const skipped = checks.filter((c) => c.ok === 'skipped');
  process.stdout.write('\n::: figures\n');
  for (const line of figures) process.stdout.write(`    ${line}\n`);
  process.stdout.write('::: timings\n');
  for (const line of timings.lines()) process.stdout.write(`    ${line}\n`);
  process.stdout.write(
    `::: checks: ${checks.length - failed.length - skipped.length} passed, ${failed.length} failed, ${skipped.length} skipped\n`,
  );
  for (const c of failed) process.stdout.write(`    FAIL ${c.name}: ${c.detail}\n`);
  for (const c of skipped) process.stdout.write(`    SKIP ${c.name}: ${c.detail}\n`);
  return failed.length > 0 ? 1 : 0;
}

// The main process of a container as the host sees it: tini's child where tini is PID 1.
async function hostPidOfMain(compose: ComposeProject, container: string): Promise<number> {
  const pid = Number(
    (await compose.docker(['inspect', '--format', '{{.State.Pid}}', container])).stdout.trim(),
  );
  let children = '';
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
  } catch {
    // No such file (another PID namespace, old kernel): kill the container's PID 1 itself.
  }
  return Number(children.split(' ')[0] || pid);
}

const restartCount = async (compose: ComposeProject, container: string) =>
  Number(
    (await compose.docker(['inspect', '--format', '{{.RestartCount}}', container])).stdout.trim(),
  );

// Issue 15.3/15.4 for operators: a service whose process dies (kill -9 from the host, as the
// kernel's OOM killer would) is restarted by Docker (restart: unless-stopped), and Redis killed
// the same way comes back with the signed-in session (append-only file on its volume).
async function crashRecovery(options: {
  compose: ComposeProject;
  baseUrl: string;
  cookie: string;
}): Promise<void> {
  const { compose, baseUrl, cookie } = options;
  const states = await compose.containers();
  for (const service of ['svc-volunteer', 'redis'] as const) {
    const container = states.find((c) => c.service === service && c.state === 'running');
    if (!container) {
      check(`crash: ${service} restarts after kill -9`, false, 'no running container');
      continue;
    }
    const path = service === 'redis' ? '/api/user' : '/api/opportunities';
    const restartsBefore = await restartCount(compose, container.name);
    if (service === 'redis') await sleep(1100); // past appendfsync everysec
    process.kill(await hostPidOfMain(compose, container.name), 'SIGKILL');
    const killedAt = Date.now();
    const statuses = new Set<number>();
    let healedMs = -1;
    while (Date.now() - killedAt < 60_000) {
      const status = await fetch(`${baseUrl}${path}`, {
        headers: { cookie },
        signal: AbortSignal.timeout(5000),
      }).then(
        async (r) => {
          await r.arrayBuffer();
          return r.status;
        },
        () => 0,
      );
      statuses.add(status);
      if (status === 200 && (await restartCount(compose, container.name)) > restartsBefore) {
        healedMs = Date.now() - killedAt;
        break;
      }
      if (status === 401) break;
      await sleep(200);
    }
    figures.push(
      `compose: ${path} answered 200 again ${healedMs < 0 ? 'never (60 s)' : seconds(healedMs)} after kill -9 of ${service}`,
    );
    check(
      `crash: ${service} is restarted by Docker after kill -9${service === 'redis' ? ' and the session survives' : ''}`,
      healedMs >= 0 && !statuses.has(401),
      `${path} statuses on the way: ${[...statuses].join(',')}; restart count ${restartsBefore} -> ${await restartCount(compose, container.name)}`,
    );
  }
  await compose.waitHealthy(120_000, isOneShot);
}

async function redeployMfBlog(options: {
  tools: DockerEngine;
  compose: ComposeProject;
  base: BaseImages;
  secrets: string[];
  baseUrl: string;
  cookie: string;
  runDir: string;
  browser: Awaited<ReturnType<typeof launchChromium>>;
  remember: (imageId: string) => void;
}): Promise<void> {
  const { tools, compose, baseUrl } = options;
  const tag = imageName(PREFIX, 'mf-blog', TAG);
  const marker = `redeployed ${randomBytes(3).toString('hex')}`;
  const context = path.join(options.runDir, 'context-mf-blog');
  await copyContext(context);
  // A visible text changes: the blog's title, wherever the area takes it from.
  const candidates = ['packages/contracts/src/messages.ts', 'mf-blog/src/pages/blog/blog-page.tsx'];
  const file = candidates.find(
    (f) =>
      existsSync(path.join(context, f)) &&
      readFileSync(path.join(context, f), 'utf8').includes("'Student Blog Posts'"),
  );
  if (!file) {
    check(
      'mf-blog redeployed alone, the shell shows the change',
      false,
      "the text 'Student Blog Posts' was not found to change",
    );
    return;
  }
  const text = readFileSync(path.join(context, file), 'utf8').replace(
    "'Student Blog Posts'",
    `'Student Blog Posts (${marker})'`,
  );
  writeFileSync(path.join(context, file), text);
  options.remember(
    (
      await run(tools.docker, ['image', 'inspect', '--format', '{{.Id}}', tag], { env: tools.env })
    ).stdout.trim(),
  );

  const piece = PIECES.find((p) => p.name === 'mf-blog') as Piece;
  const manifestBefore = await fetch(`${baseUrl}/mf/blog/mf-manifest.json`).then((r) => r.text());
  const before = startedAtOf(await compose.containers());
  const shellImage = (
    await compose.docker([
      'image',
      'inspect',
      '--format',
      '{{.Id}}',
      imageName(PREFIX, 'shell', TAG),
    ])
  ).stdout.trim();
  const started = Date.now();
  await buildPiece(tools, { piece, context, tag, base: options.base, secrets: options.secrets });
  const built = Date.now();
  await compose.compose(['up', '-d', '--no-deps', '--no-build', 'mf-blog']);
  // The gateway follows the new container's address by itself.
  const deadline = Date.now() + 60_000;
  let manifestAfter = manifestBefore;
  while (Date.now() < deadline && manifestAfter === manifestBefore) {
    manifestAfter = await fetch(`${baseUrl}/mf/blog/mf-manifest.json`).then(
      (r) => (r.ok ? r.text() : manifestBefore),
      () => manifestBefore,
    );
    if (manifestAfter === manifestBefore) await sleep(250);
  }
  const live = Date.now();
  await compose.waitHealthy(120_000, isOneShot);
  const changed = changedContainers(before, startedAtOf(await compose.containers()));
  const shellImageAfter = (
    await compose.docker([
      'image',
      'inspect',
      '--format',
      '{{.Id}}',
      imageName(PREFIX, 'shell', TAG),
    ])
  ).stdout.trim();

  // In the browser: the shell, untouched, loads the new remote.
  const page = await options.browser.newPage({ baseURL: baseUrl });
  let seen: string;
  try {
    const [name, value] = options.cookie.split('=');
    await page.context().addCookies([{ name, value, url: baseUrl }]);
    await page.goto('/blog');
    const heading = page.getByRole('heading', { level: 1 });
    await heading.filter({ hasText: marker }).waitFor({ timeout: 20_000 });
    seen = (await heading.first().textContent()) ?? '';
  } catch (error) {
    seen = `not seen: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`;
  } finally {
    await page.close();
  }
  const onlyBlog = changed.length === 1 && changed[0].includes('mf-blog');
  check(
    'mf-blog rebuilt and restarted alone (others kept running)',
    onlyBlog && shellImage === shellImageAfter,
    `restarted: ${changed.join(', ') || 'none'}; shell image unchanged: ${shellImage === shellImageAfter}`,
  );
  check(
    'the shell picks up the new mf-blog without being rebuilt',
    seen.includes(marker),
    `heading "${seen.trim()}"`,
  );
  figures.push(
    `mf-blog redeploy: build ${seconds(built - started)}, restart to live ${seconds(live - built)}`,
  );
}

async function redeployService(options: {
  tools: DockerEngine;
  compose: ComposeProject;
  base: BaseImages;
  secrets: string[];
  baseUrl: string;
  cookie: string;
}): Promise<void> {
  const { tools, compose, baseUrl, cookie } = options;
  const url = `${baseUrl}/api/blog-posts`;
  const probe = await fetch(url, { headers: { cookie } });
  if (!probe.ok) {
    check(
      'svc-content restarted alone: clear 502/503 during, success after',
      'skipped',
      `GET /api/blog-posts answers ${probe.status} before the restart`,
    );
    return;
  }
  const piece = PIECES.find((p) => p.name === 'svc-content') as Piece;
  const tag = imageName(PREFIX, 'svc-content', TAG);
  const started = Date.now();
  // A rebuild (cached layers) with a new label: a new image, as a release would be.
  await buildPiece(tools, {
    piece,
    context: ROOT,
    tag,
    base: options.base,
    secrets: options.secrets,
    extraArgs: ['--label', `org.district.release=${Date.now()}`],
  });
  const built = Date.now();
  const before = startedAtOf(await compose.containers());
  const loadStart = Date.now();
  const load = startLoad({ url, cookie, concurrency: 4, pauseMs: 200 });
  await sleep(1500);
  const restartAt = Date.now();
  await compose.compose(['up', '-d', '--no-deps', '--no-build', '--force-recreate', 'svc-content']);
  await compose.waitHealthy(120_000, isOneShot);
  const healthyAt = Date.now();
  const recovered = await untilRecovered(url, cookie, 30_000);
  await sleep(1000);
  const summary: LoadSummary = await load.stop();
  // Answering again: just after the last failed request of the load.
  const back = summary.lastFailureAt === undefined ? restartAt : loadStart + summary.lastFailureAt;
  const changed = changedContainers(before, startedAtOf(await compose.containers()));
  const failures = summary.total - summary.ok;
  check(
    'svc-content rebuilt and restarted alone (others kept running)',
    changed.length === 1 && changed[0].includes('svc-content'),
    `restarted: ${changed.join(', ') || 'none'}`,
  );
  check(
    'requests during the svc-content restart get 502/503/504 JSON, never a hang',
    summary.hangs === 0 && summary.otherErrors === 0,
    describeLoad(summary),
  );
  check(
    'requests succeed again after the restart',
    recovered && summary.recovered,
    recovered
      ? `answering again ${seconds(back - restartAt)} after the restart began; reported healthy after ${seconds(healthyAt - restartAt)}`
      : 'still failing',
  );
  figures.push(
    `svc-content restart (1 replica): ${failures} of ${summary.total} requests failed (all clear JSON: ${summary.otherErrors === 0 && summary.hangs === 0}), back after ${seconds(back - restartAt)}; rebuild ${seconds(built - started)}`,
  );
}

async function scaleOut(options: {
  compose: ComposeProject;
  baseUrl: string;
  cookie: string;
  admin: { username: string; password: string };
}): Promise<void> {
  const { compose, baseUrl, cookie } = options;
  const started = Date.now();
  await compose.compose([
    'up',
    '-d',
    '--no-deps',
    '--no-build',
    '--no-recreate',
    '--scale',
    'svc-volunteer=3',
    '--scale',
    'svc-content=2',
    'svc-volunteer',
    'svc-content',
  ]);
  await compose.waitHealthy(180_000, isOneShot);
  const states = await compose.containers();
  const count = (service: string) =>
    states.filter((c) => c.service === service && c.state === 'running').length;
  check(
    'docker compose up --scale svc-volunteer=3 --scale svc-content=2',
    count('svc-volunteer') === 3 && count('svc-content') === 2,
    `${count('svc-volunteer')} svc-volunteer, ${count('svc-content')} svc-content running in ${seconds(Date.now() - started)}`,
  );

  // The gateway balances across every replica (it learns new addresses within seconds).
  for (const [service, pathName, replicas] of [
    ['svc-volunteer', '/api/opportunities', 3],
    ['svc-content', '/api/blog-posts', 2],
  ] as const) {
    const deadline = Date.now() + 30_000;
    let seen: Set<string>;
    do {
      const since = new Date(Date.now() - 1000).toISOString();
      await Promise.all(
        Array.from({ length: 24 }, () =>
          fetch(`${baseUrl}${pathName}`, { headers: { cookie } }).then(
            (r) => r.text(),
            () => '',
          ),
        ),
      );
      await sleep(300);
      const entries = await gatewayAccess(compose, since);
      seen = new Set(
        entries
          .filter((e) => e.uri.startsWith(pathName))
          .flatMap((e) =>
            e.upstream_addr.split(/[,:] ?/).filter((a) => /^\d+\.\d+\.\d+\.\d+$/.test(a)),
          ),
      );
    } while (Date.now() < deadline && seen.size < replicas);
    const replicaIps = new Set(states.filter((c) => c.service === service).map((c) => c.ip));
    const onReplicas = [...seen].filter((ip) => replicaIps.has(ip));
    check(
      `the gateway balances ${pathName} across all ${replicas} ${service} replicas`,
      onReplicas.length === replicas,
      `upstreams answering: ${[...seen].join(', ') || 'none'}`,
    );
  }

  // Events still reach the scaled consumers: a new user's sign-up shows their name, which
  // svc-volunteer only knows from the user.registered event.
  const newcomer = {
    username: `scale_${randomBytes(3).toString('hex')}`,
    password: `pw-${randomBytes(6).toString('hex')}`,
  };
  const name = `Scale Student ${newcomer.username.slice(6).toUpperCase()}`;
  const registered = await fetch(`${baseUrl}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      ...newcomer,
      name,
      email: `${newcomer.username}@example.test`,
      school: 'Jesuit High School',
      grade: 11,
      serviceHours: 0,
    }),
  });
  const adminCookie = await login(baseUrl, options.admin);
  if (!registered.ok) {
    check(
      'user.registered reaches the scaled svc-volunteer',
      false,
      `register answered ${registered.status}`,
    );
  } else {
    const newcomerCookie =
      registered.headers
        .getSetCookie()
        .find((c) => c.startsWith('sid='))
        ?.split(';')[0] ?? '';
    const created = await fetch(`${baseUrl}/api/opportunities`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: adminCookie },
      body: JSON.stringify({
        title: `Scaled food drive ${randomBytes(2).toString('hex')}`,
        description: 'Sorting cans at the parish food bank.',
        location: 'Metairie',
        date: new Date(Date.now() + 9 * 86_400_000).toISOString(),
        spaces: 10,
      }),
    });
    if (!created.ok) {
      check(
        'user.registered reaches the scaled svc-volunteer',
        'skipped',
        `creating an opportunity answered ${created.status}`,
      );
    } else {
      const { id } = (await created.json()) as { id: number };
      const deadline = Date.now() + 20_000;
      let names: string[] = [];
      while (Date.now() < deadline && !names.some((n) => n.includes(name))) {
        await fetch(`${baseUrl}/api/opportunities/${id}/signup`, {
          method: 'POST',
          headers: { cookie: newcomerCookie },
        });
        const list = await fetch(`${baseUrl}/api/opportunities/${id}/signups`, {
          headers: { cookie: newcomerCookie },
        });
        names = list.ok ? ((await list.json()) as Array<{ name: string }>).map((s) => s.name) : [];
        if (!names.some((n) => n.includes(name))) await sleep(500);
      }
      check(
        'user.registered reaches the scaled svc-volunteer (BullMQ workers share the queue)',
        names.some((n) => n.includes(name)),
        `signups: ${names.join(', ') || 'none'}`,
      );
    }
  }

  // The archive job: one job scheduler in Redis however many replicas registered it.
  const redis = states.find((c) => c.service === 'redis');
  if (redis) {
    const keys = (
      await compose.docker(['exec', redis.name, 'redis-cli', '--scan', '--pattern', '*:repeat'], {
        allowFailure: true,
      })
    ).stdout
      .split('\n')
      .filter(Boolean);
    const counts: string[] = [];
    for (const key of keys) {
      const n = (
        await compose.docker(['exec', redis.name, 'redis-cli', 'ZCARD', key], {
          allowFailure: true,
        })
      ).stdout.trim();
      counts.push(`${key}=${n}`);
    }
    const archive = keys.filter((k) => /archive/i.test(k));
    if (archive.length === 0)
      check(
        'the archive job is scheduled once, not once per replica',
        'skipped',
        `no archive job scheduler in Redis (${counts.join(', ') || 'no schedulers'})`,
      );
    else
      check(
        'the archive job is scheduled once, not once per replica',
        counts.filter((c) => /archive/i.test(c)).every((c) => c.endsWith('=1')),
        counts.join(', '),
      );
  }

  // SSE fan-out, where svc-content offers the stream.
  const stream = await fetch(`${baseUrl}/api/notifications/stream`, {
    headers: { cookie, accept: 'text/event-stream' },
    signal: AbortSignal.timeout(3000),
  }).catch(() => undefined);
  const isStream =
    stream?.ok && (stream.headers.get('content-type') ?? '').includes('text/event-stream');
  await stream?.body?.cancel().catch(() => undefined);
  if (!isStream) {
    check(
      'SSE fan-out reaches users on every svc-content replica',
      'skipped',
      `/api/notifications/stream answers ${stream?.status ?? 'nothing'} (not built yet)`,
    );
  } else {
    await sseFanOut(compose, baseUrl, adminCookie);
  }

  // A rolling restart with two replicas: one at a time, under load.
  const url = `${baseUrl}/api/blog-posts`;
  const contents = (await compose.containers()).filter((c) => c.service === 'svc-content');
  const load = startLoad({ url, cookie, concurrency: 4, pauseMs: 200 });
  await sleep(1000);
  for (const replica of contents) {
    await compose.docker(['restart', '--time', '10', replica.name]);
    await compose.waitHealthy(120_000, isOneShot);
  }
  await sleep(2000);
  const summary = await load.stop();
  figures.push(
    `rolling restart of svc-content (2 replicas, one at a time): ${summary.total - summary.ok} of ${summary.total} requests failed`,
  );
  check(
    'a rolling restart of two svc-content replicas loses no request',
    summary.total - summary.ok === 0,
    describeLoad(summary),
  );
}

// Four users, each with one notification stream; least_conn spreads the streams over the
// replicas. One new opportunity must reach every user, whichever replica holds their stream.
async function sseFanOut(
  compose: ComposeProject,
  baseUrl: string,
  adminCookie: string,
): Promise<void> {
  const since = new Date(Date.now() - 1000).toISOString();
  const cookies: string[] = [];
  for (let i = 0; i < 4; i++) {
    const username = `sse_${randomBytes(3).toString('hex')}`;
    const response = await fetch(`${baseUrl}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username,
        password: `pw-${randomBytes(6).toString('hex')}`,
        name: `Stream Student ${username.slice(4)}`,
        email: `${username}@example.test`,
        school: 'Haynes Academy for Advanced Studies',
        grade: 9,
        serviceHours: 0,
      }),
    });
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('sid='));
    if (!response.ok || !cookie) {
      check(
        'SSE fan-out reaches users on every svc-content replica',
        false,
        `register answered ${response.status}`,
      );
      return;
    }
    cookies.push(cookie.split(';')[0]);
  }
  const title = `Fan-out ${randomBytes(2).toString('hex')}`;
  const controllers = cookies.map(() => new AbortController());
  const received = cookies.map(() => false);
  const streams = cookies.map(async (cookie, i) => {
    const response = await fetch(`${baseUrl}/api/notifications/stream`, {
      headers: { cookie, accept: 'text/event-stream' },
      signal: controllers[i].signal,
    });
    const reader = response.body?.getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (reader) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value);
      if (text.includes(title)) {
        received[i] = true;
        break;
      }
    }
  });
  await sleep(2000);
  const created = await fetch(`${baseUrl}/api/opportunities`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: adminCookie },
    body: JSON.stringify({
      title,
      description: 'Checking that every replica pushes.',
      location: 'Kenner',
      date: new Date(Date.now() + 5 * 86_400_000).toISOString(),
      spaces: 3,
    }),
  });
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline && received.some((r) => !r)) await sleep(200);
  for (const controller of controllers) controller.abort();
  await Promise.allSettled(streams);
  await sleep(1500);
  const replicas = new Set(
    (await gatewayAccess(compose, since))
      .filter((e) => e.uri.startsWith('/api/notifications/stream'))
      .flatMap((e) =>
        e.upstream_addr.split(/[,:] ?/).filter((a) => /^\d+\.\d+\.\d+\.\d+$/.test(a)),
      ),
  );
  const count = received.filter(Boolean).length;
  check(
    'SSE fan-out reaches users on every svc-content replica',
    created.ok && count === received.length && replicas.size >= 2,
    `${count} of ${received.length} users' streams got the new opportunity; streams held by ${replicas.size} replicas (${[...replicas].join(', ')})`,
  );
}

process.exitCode = await main();
