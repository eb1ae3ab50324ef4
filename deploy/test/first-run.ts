// `npm run test:first-run` (issue 14.9): the README's two commands on a clean Debian machine, with
// nothing installed by hand. A fresh clone of this commit goes into a container of the Node base
// image (Debian bookworm with only Node 24 and npm: the public node:24-bookworm-slim, or the
// compose test's local stand-in built from Debian packages), then, as root:
//   npm ci && npm start      the runner installs nginx and redis-server itself; the gateway must
//                            answer (remote config, the spec's 401 for GET /api/user)
//   npm test -- --no-e2e     its own embedded PostgreSQL and redis-server; must end "N passed, 0 failed"
// Prints the timings. Slow (several minutes), so not part of `npm test`.
// FIRST_RUN_E2E=1 runs the full `npm test` (Chromium installed by the runner) instead;
// FIRST_RUN_TEST_ARGS replaces `--no-e2e` (e.g. `gateway` to repeat one suite).
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { baseImages } from './lib/base-images.ts';
import { ensureDockerEngine, type DockerEngine } from './lib/docker-engine.ts';
import { run, seconds, sleep, Timings } from './lib/exec.ts';
import { npmSecrets } from './lib/images.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const APP = '/src/district';
const log = (line: string) => process.stdout.write(`    ${line}\n`);

async function main(): Promise<number> {
  const timings = new Timings();
  const runDir = mkdtempSync(path.join(tmpdir(), 'district-first-run-'));
  let engine: DockerEngine | undefined;
  let container: string | undefined;
  const failures: string[] = [];
  const figures: string[] = [];
  try {
    engine = await timings.phase('docker engine', () =>
      ensureDockerEngine(path.join(runDir, 'dockerd')),
    );
    const tools = engine;
    const docker = (args: string[], options: Parameters<typeof run>[2] = {}) =>
      run(tools.docker, args, { env: tools.env, ...options });
    const { images, source } = await timings.phase('base image', () =>
      baseImages(tools, ROOT, log),
    );
    log(`Node base image (${source}): ${images.NODE_IMAGE}`);

    // A fresh clone of what is committed here (not the working tree, not node_modules or .data).
    const clone = path.join(runDir, 'district');
    await timings.phase('fresh clone', async () => {
      const head = (await run('git', ['rev-parse', 'HEAD'], { cwd: ROOT })).stdout.trim();
      await run('git', ['clone', '-q', '--no-checkout', ROOT, clone]);
      await run('git', ['checkout', '-q', head], { cwd: clone });
      // As a clone made with the usual umask: other users (postgres) can enter it.
      chmodSync(clone, 0o755);
      log(`cloned ${head.slice(0, 12)}`);
    });

    // The host's registry settings and CA bundle (this machine reaches npm through them), as the
    // image builds get them; nothing else of the host goes in.
    const secrets = npmSecrets(runDir);
    const mounts: string[] = [];
    const env: string[] = ['-e', 'CI=true'];
    const ca = secrets[secrets.indexOf('--secret') + 1]?.match(/^id=npm_ca,src=(.*)$/)?.[1];
    if (ca) {
      mounts.push('-v', `${ca}:/etc/district-ca.pem:ro`);
      env.push('-e', 'NODE_EXTRA_CA_CERTS=/etc/district-ca.pem');
      env.push('-e', 'npm_config_cafile=/etc/district-ca.pem');
    }
    const npmrc = path.join(runDir, 'build.npmrc');
    if (existsSync(npmrc)) {
      mounts.push('-v', `${npmrc}:/etc/district-npmrc:ro`);
      env.push('-e', 'npm_config_userconfig=/etc/district-npmrc');
    }
    for (const key of ['http_proxy', 'https_proxy', 'no_proxy', 'HTTP_PROXY', 'HTTPS_PROXY'])
      if (process.env[key]) env.push('-e', `${key}=${process.env[key]}`);

    container = `district-first-run-${Date.now().toString(36)}`;
    const name = container;
    // --init reaps what exits, so a finished process is not mistaken for a live one.
    await docker([
      'run',
      '-d',
      '--init',
      '--name',
      name,
      ...mounts,
      ...env,
      images.NODE_IMAGE,
      'sleep',
      'infinity',
    ]);
    await docker(['exec', name, 'mkdir', '-p', path.dirname(APP)]);
    await docker(['cp', clone, `${name}:${APP}`]);
    const missing = await docker(
      [
        'exec',
        name,
        'sh',
        '-c',
        'for t in nginx redis-server chromium; do command -v $t || [ -x /usr/sbin/$t ] || echo "$t"; done',
      ],
      { allowFailure: true },
    );
    log(
      `missing in the container before the first run: ${missing.stdout.trim().split('\n').join(', ') || 'nothing'}`,
    );
    const inApp = (script: string, options: Parameters<typeof run>[2] = {}) =>
      docker(['exec', '-w', APP, name, 'sh', '-c', script], options);

    await timings.phase('npm ci', async () => {
      const result = await inApp('npm ci --no-audit --no-fund 2>&1', {
        timeoutMs: 1_200_000,
        allowFailure: true,
        echo: process.env.VERBOSE === '1' ? '      npm ci | ' : undefined,
      });
      if (result.code !== 0)
        throw new Error(`npm ci failed:\n${result.stdout.split('\n').slice(-25).join('\n')}`);
    });

    await timings.phase('npm start (until it answers)', async () => {
      const started = Date.now();
      // Its own session (process group), as in a terminal, so Ctrl-C can be sent to the group.
      await inApp('setsid npm start >/tmp/start.log 2>&1 </dev/null & echo $! >/tmp/start.pid');
      const probe = `node -e "Promise.all([fetch('http://127.0.0.1:8080/config/remotes.json'),fetch('http://127.0.0.1:8080/api/user')]).then(([a,b])=>{console.log(a.status,b.status);process.exit(a.status===200&&b.status===401?0:1)},()=>process.exit(1))"`;
      let answered = false;
      while (Date.now() - started < 900_000) {
        const ready = await inApp(probe, { allowFailure: true });
        if (ready.code === 0) {
          answered = true;
          break;
        }
        const alive = await inApp('kill -0 "$(cat /tmp/start.pid)"', { allowFailure: true });
        if (alive.code !== 0) break;
        await sleep(2000);
      }
      const startLog = (await inApp('cat /tmp/start.log', { allowFailure: true })).stdout;
      const installs = startLog
        .split('\n')
        .filter((line) => /^installing |^creating the system user/.test(line));
      for (const line of installs) log(`runner said: ${line}`);
      figures.push(
        `npm start answered ${answered ? `after ${seconds(Date.now() - started)}` : 'never'} (includes installing nginx and redis-server, the first build and initdb)`,
      );
      if (!answered) {
        failures.push('npm start did not bring the platform up on a fresh machine');
        log(startLog.split('\n').slice(-30).join('\n'));
      } else if (!installs.some((line) => line.includes('nginx') && line.includes('redis-server')))
        failures.push('npm start did not say it installed nginx and redis-server');
      // Ctrl-C, as a terminal sends it: SIGINT to the whole foreground group. Everything the
      // runner started must be gone within 60 s, and nothing restarted on the way.
      const stopStarted = Date.now();
      const stopped = await inApp(
        // dash's kill cannot signal a group, node can. This script's own subshells carry the
        // marker first-run-stop in their command line and are skipped.
        ": first-run-stop; node -e \"process.kill(-Number(require('fs').readFileSync('/tmp/start.pid', 'utf8')), 'SIGINT')\"; for i in $(seq 1 120); do " +
          'left=$(for p in /proc/[0-9]*; do c=$(tr "\\0" " " 2>/dev/null <"$p/cmdline"); case "$c" in ' +
          '*first-run-stop*) ;; *dist/main.js*|*/.data/*|*scripts/start.ts*|*redis-server*|*postgres*) echo "${p#/proc/} $c" ;; esac; done); ' +
          '[ -z "$left" ] && exit 0; sleep 0.5; done; echo "$left"; exit 1',
        { allowFailure: true },
      );
      figures.push(`Ctrl-C stopped npm start in ${seconds(Date.now() - stopStarted)}`);
      const stopLog = (await inApp('tail -n 20 /tmp/start.log', { allowFailure: true })).stdout;
      if (stopped.code !== 0) {
        failures.push('Ctrl-C did not stop every process npm start started');
        log(`left after 60 s:\n${stopped.stdout}\nlast lines of npm start:\n${stopLog}`);
      }
      if (/restarting in/.test(stopLog)) failures.push('Ctrl-C made the runner restart something');
    });

    const testArgs =
      process.env.FIRST_RUN_E2E === '1' ? '' : (process.env.FIRST_RUN_TEST_ARGS ?? '--no-e2e');
    const testCommand = `npm test${testArgs ? ` -- ${testArgs}` : ''}`;
    await timings.phase(testCommand, async () => {
      const result = await inApp(`${testCommand} 2>&1`, {
        timeoutMs: 3_600_000,
        allowFailure: true,
        echo: process.env.VERBOSE === '1' ? '      npm test | ' : undefined,
      });
      const lines = result.stdout.trim().split('\n');
      const summary =
        lines.filter((line) => /^\d+ passed, \d+ failed/.test(line)).at(-1) ?? '(no summary line)';
      for (const line of lines.filter((l) => /^test: |^installing /.test(l)))
        log(`runner said: ${line}`);
      const perSuite = lines.filter((line) => /^(ok {2}|FAIL) /.test(line));
      for (const line of perSuite) log(line);
      figures.push(`${testCommand}: ${summary}`);
      if (result.code !== 0) {
        failures.push(`npm test failed: ${summary}`);
        // jest's failure blocks (plain text: CI=true), else the tail.
        const failed = lines.filter((line) => /FAIL |✕|●|Error:/.test(line));
        log((failed.length > 0 ? failed.slice(0, 60) : lines.slice(-40)).join('\n'));
      }
    });
  } catch (error) {
    failures.push(error instanceof Error ? error.message : String(error));
  } finally {
    if (engine && container)
      await run(engine.docker, ['rm', '-f', container], { env: engine.env, allowFailure: true });
    if (engine) {
      const stopped = await engine.stop();
      if (engine.startedByUs)
        log(`stopped what this run started: ${stopped.join('; ') || 'nothing left'}`);
    }
    rmSync(runDir, { recursive: true, force: true });
  }
  process.stdout.write('\n::: figures\n');
  for (const line of figures) process.stdout.write(`    ${line}\n`);
  process.stdout.write('::: timings\n');
  for (const line of timings.lines()) process.stdout.write(`    ${line}\n`);
  process.stdout.write(failures.length === 0 ? '::: first run: ok\n' : '::: first run: FAILED\n');
  for (const failure of failures) process.stdout.write(`    ${failure}\n`);
  return failures.length === 0 ? 0 : 1;
}

process.exitCode = await main();
