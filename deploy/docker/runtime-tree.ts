// What a workspace needs at run time, for the image's last stage (Node 24 runs this file as is).
//   node runtime-tree.ts app <workspace> <out>   build stage: package.json and dist/ of the
//     workspace and of every workspace package it depends on (transitively), without source
//     maps, declaration files or build info
//   node runtime-tree.ts prune <workspace>       dependency stage, after `npm ci --omit=dev -w`:
//     keeps only node_modules folders (root and those of the same workspaces)
//   node runtime-tree.ts modules <out> <package>...  build stage: the installed packages named
//     and everything they depend on, copied to <out>/node_modules (tools outside any workspace)
import {
  cpSync,
  existsSync,
  globSync,
  readFileSync,
  readdirSync,
  rmSync,
  mkdirSync,
} from 'node:fs';
import path from 'node:path';

interface Manifest {
  name: string;
  workspaces?: string[];
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

const readManifest = (dir: string): Manifest =>
  JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as Manifest;

// Workspace folder by package name, from the root's `workspaces` globs.
function workspaceFolders(): Map<string, string> {
  const folders = new Map<string, string>();
  for (const pattern of readManifest('.').workspaces ?? []) {
    for (const dir of globSync(pattern)) {
      if (existsSync(path.join(dir, 'package.json'))) folders.set(readManifest(dir).name, dir);
    }
  }
  return folders;
}

function closure(workspace: string): string[] {
  const folders = workspaceFolders();
  if (
    !existsSync(path.join(workspace, 'package.json')) ||
    ![...folders.values()].includes(path.normalize(workspace))
  )
    throw new Error(
      `"${workspace}" is not a workspace folder (one of: ${[...folders.values()].join(', ')})`,
    );
  const seen = new Set<string>();
  const visit = (dir: string) => {
    if (seen.has(dir)) return;
    seen.add(dir);
    const manifest = readManifest(dir);
    for (const name of Object.keys({
      ...manifest.dependencies,
      ...manifest.optionalDependencies,
    })) {
      const folder = folders.get(name);
      if (folder) visit(folder);
    }
  };
  visit(path.normalize(workspace));
  return [...seen];
}

// Never shipped: source maps, type declarations, incremental build state.
const shipped = (source: string) => !/\.(map|d\.ts|d\.cts|d\.mts|tsbuildinfo)$/.test(source);

function app(workspace: string, out: string): void {
  mkdirSync(out, { recursive: true });
  cpSync('package.json', path.join(out, 'package.json'));
  for (const dir of closure(workspace)) {
    cpSync(path.join(dir, 'package.json'), path.join(out, dir, 'package.json'));
    if (!existsSync(path.join(dir, 'dist')))
      throw new Error(`${dir}/dist is missing: was it built?`);
    cpSync(path.join(dir, 'dist'), path.join(out, dir, 'dist'), {
      recursive: true,
      filter: shipped,
    });
    process.stdout.write(`runtime: ${dir}\n`);
  }
}

function prune(workspace: string): void {
  const keep = new Set(closure(workspace));
  const folders = [...workspaceFolders().values()];
  for (const dir of folders) {
    const entries = keep.has(dir) ? readdirSync(dir).filter((e) => e !== 'node_modules') : ['.'];
    for (const entry of entries) rmSync(path.join(dir, entry), { recursive: true, force: true });
  }
  // Everything else at the top (manifests, other folders) comes from the app stage or is not needed.
  const topOfKept = new Set([...keep].map((dir) => dir.split('/')[0]));
  for (const entry of readdirSync('.')) {
    if (entry !== 'node_modules' && !topOfKept.has(entry))
      rmSync(entry, { recursive: true, force: true });
  }
  rmSync('node_modules/.bin', { recursive: true, force: true });
  rmSync('node_modules/.package-lock.json', { force: true });
  // Third-party source maps and type declarations are never read at run time.
  for (const file of globSync('**/node_modules/**/*.{map,d.ts,d.mts,d.cts}'))
    rmSync(file, { force: true });
}

// Node's lookup: <dir>/node_modules/<name>, then each parent's node_modules.
function installedDir(name: string, from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (dir === '.' || dir === path.dirname(dir)) throw new Error(`${name} is not installed`);
  }
}

function modules(out: string, names: string[]): void {
  const seen = new Set<string>();
  const visit = (dir: string) => {
    if (seen.has(dir)) return;
    seen.add(dir);
    const manifest = readManifest(dir);
    for (const name of Object.keys(manifest.dependencies ?? {})) visit(installedDir(name, dir));
    for (const name of Object.keys(manifest.optionalDependencies ?? {})) {
      try {
        visit(installedDir(name, dir));
      } catch {
        // optional and not installed on this platform
      }
    }
  };
  for (const name of names) visit(installedDir(name, '.'));
  for (const dir of seen) cpSync(dir, path.join(out, dir), { recursive: true, filter: shipped });
  process.stdout.write(`copied ${seen.size} packages for ${names.join(', ')}\n`);
}

const [mode, workspace, out, ...rest] = process.argv.slice(2);
try {
  if (mode === 'app' && workspace && out) app(workspace, out);
  else if (mode === 'prune' && workspace) prune(workspace);
  else if (mode === 'modules' && workspace && out) modules(workspace, [out, ...rest]);
  else
    throw new Error(
      'usage: runtime-tree.ts app <workspace> <out> | prune <workspace> | modules <out> <package>...',
    );
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(2);
}
