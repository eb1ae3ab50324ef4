// Builds what is stale: `tsc -b` (incremental) for packages and services, webpack for the shell
// and each remote only when its sources, or the workspace packages it uses, changed since the
// last build (a stamp file in its dist/).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { MissingPrerequisiteError, reportFatal } from './prerequisites.ts';
import { BIN, ROOT, listWorkspaces, toolEnv, type Workspace } from './workspaces.ts';

export interface BuildOptions {
  // Rebuild web bundles even when they look fresh.
  force?: boolean;
  // Print one line per step instead of nothing when all is up to date.
  quiet?: boolean;
  // Limit to TypeScript projects (the services) or to the web bundles.
  only?: 'tsc' | 'web';
}

export interface BuildResult {
  built: string[];
  fresh: string[];
}

export const STAMP_FILE = '.build-stamp';
const SKIPPED_FOLDERS = new Set([
  'node_modules',
  'dist',
  'coverage',
  'test-results',
  'playwright-report',
  '.cache',
]);

function log(options: BuildOptions, line: string): void {
  if (!options.quiet) console.log(line);
}

function run(command: string, cwd: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', command], {
      cwd,
      env: toolEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

function requireTool(name: string): void {
  if (!existsSync(join(BIN, name)))
    throw new MissingPrerequisiteError(`${name} not found: run \`npm ci\` first`);
}

// TypeScript projects: workspaces whose build script is tsc and that have a tsconfig.json.
export function tscProjects(workspaces = listWorkspaces()): Workspace[] {
  return workspaces.filter(
    (ws) => /\btsc\b/.test(ws.scripts.build ?? '') && existsSync(join(ws.path, 'tsconfig.json')),
  );
}

export function webProjects(workspaces = listWorkspaces()): Workspace[] {
  return workspaces.filter(
    (ws) =>
      /\bwebpack\b/.test(ws.scripts.build ?? '') &&
      readdirSync(ws.path).some((f) => /^webpack\.config\.[cm]?[jt]s$/.test(f)),
  );
}

export async function buildTypeScript(
  options: BuildOptions = {},
  projects = tscProjects(),
): Promise<BuildResult> {
  if (projects.length === 0) return { built: [], fresh: [] };
  requireTool('tsc');
  const started = Date.now();
  // One tsc -b for all: it follows project references and skips what is up to date.
  const { code, output } = await run(`tsc -b ${projects.map((p) => p.dir).join(' ')}`, ROOT);
  if (code !== 0) throw new Error(`TypeScript build failed:\n${output.trim()}`);
  log(options, `build: tsc -b ${projects.map((p) => p.dir).join(' ')} (${seconds(started)})`);
  return { built: projects.map((p) => p.dir), fresh: [] };
}

// Root files every bundle is built with: shared webpack and TypeScript config, the lockfile.
const SHARED_ROOT_FILES =
  /^(?:webpack\..*\.[cm]?[jt]s|tsconfig\..*json|package-lock\.json|\.browserslistrc)$/;

// Newest modification time of anything that goes into a bundle: the workspace itself and the
// workspace packages it depends on (transitively), plus the shared root config and the lockfile.
export function newestInput(ws: Workspace, all: Workspace[]): number {
  const byName = new Map(all.map((w) => [w.name, w]));
  const seen = new Set<string>();
  const queue = [ws];
  let newest = 0;
  for (const file of readdirSync(ROOT)) {
    if (SHARED_ROOT_FILES.test(file)) newest = Math.max(newest, statSync(join(ROOT, file)).mtimeMs);
  }
  while (queue.length > 0) {
    const current = queue.shift() as Workspace;
    if (seen.has(current.name)) continue;
    seen.add(current.name);
    newest = Math.max(newest, newestIn(current.path));
    for (const dep of current.dependencies) {
      const target = byName.get(dep);
      if (target) queue.push(target);
    }
  }
  return newest;
}

function newestIn(dir: string): number {
  const entries = readdirSync(dir, { withFileTypes: true });
  // Folder mtimes count too (deleting or renaming a source changes its folder), except where the
  // folder holds build output: creating dist/ or node_modules/.cache would make it look edited.
  let newest = entries.some((e) => SKIPPED_FOLDERS.has(e.name)) ? 0 : statSync(dir).mtimeMs;
  for (const entry of entries) {
    if (SKIPPED_FOLDERS.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestIn(path));
    else if (entry.isFile()) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

export function isWebBuildFresh(ws: Workspace, all: Workspace[]): boolean {
  const stamp = join(ws.path, 'dist', STAMP_FILE);
  if (!existsSync(stamp)) return false;
  return newestInput(ws, all) <= statSync(stamp).mtimeMs;
}

export async function buildWeb(options: BuildOptions = {}): Promise<BuildResult> {
  const all = listWorkspaces();
  const projects = webProjects(all);
  const stale = projects.filter((ws) => options.force || !isWebBuildFresh(ws, all));
  const fresh = projects.filter((ws) => !stale.includes(ws)).map((ws) => ws.dir);
  if (stale.length === 0) return { built: [], fresh };
  requireTool('webpack');
  // Two at a time: this is sized for a 2-core machine, and webpack leaves gaps a second build fills.
  const concurrency = Math.max(1, Number(process.env.BUILD_CONCURRENCY ?? 2));
  const queue = [...stale];
  const failures: string[] = [];
  const worker = async (): Promise<void> => {
    for (let ws = queue.shift(); ws; ws = queue.shift()) {
      const started = Date.now();
      const { code, output } = await run(ws.scripts.build as string, ws.path);
      if (code !== 0) {
        failures.push(`${ws.dir}:\n${output.trim()}`);
        continue;
      }
      // The stamp carries the start time: a file saved during the build still counts as newer.
      const stamp = join(ws.path, 'dist', STAMP_FILE);
      mkdirSync(join(ws.path, 'dist'), { recursive: true });
      writeFileSync(stamp, `built by scripts/build.ts\n`);
      utimesSync(stamp, started / 1000, started / 1000);
      log(options, `build: ${ws.dir} (${seconds(started)})`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, stale.length) }, worker));
  if (failures.length > 0) throw new Error(`webpack build failed for ${failures.join('\n\n')}`);
  return { built: stale.map((ws) => ws.dir), fresh };
}

export async function build(options: BuildOptions = {}): Promise<BuildResult> {
  const started = Date.now();
  const none: BuildResult = { built: [], fresh: [] };
  // tsc is single-threaded: it runs beside the web builds instead of before them.
  const [tsResult, webResult] = await Promise.allSettled([
    options.only === 'web' ? none : buildTypeScript(options),
    options.only === 'tsc' ? none : buildWeb(options),
  ]);
  if (tsResult.status === 'rejected') throw tsResult.reason;
  if (webResult.status === 'rejected') throw webResult.reason;
  const ts = tsResult.value;
  const web = webResult.value;
  if (web.fresh.length > 0) log(options, `build: up to date: ${web.fresh.join(', ')}`);
  log(options, `build: done in ${seconds(started)}`);
  return { built: [...ts.built, ...web.built], fresh: web.fresh };
}

function seconds(since: number): string {
  return `${((Date.now() - since) / 1000).toFixed(1)} s`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  build({ force: process.argv.includes('--force') }).catch((error: unknown) => {
    reportFatal(error);
    process.exit(1);
  });
}
