// The npm workspaces of the repository, read from the root package.json.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const BIN = join(ROOT, 'node_modules', '.bin');

export interface Workspace {
  name: string;
  // Folder relative to the root, e.g. "svc-auth" or "packages/ui".
  dir: string;
  path: string;
  scripts: Record<string, string>;
  dependencies: string[];
}

interface PackageJson {
  name?: string;
  workspaces?: string[];
  scripts?: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

function readPackage(path: string): PackageJson {
  return JSON.parse(readFileSync(join(path, 'package.json'), 'utf8')) as PackageJson;
}

export function listWorkspaces(): Workspace[] {
  const patterns = readPackage(ROOT).workspaces ?? [];
  const dirs: string[] = [];
  for (const pattern of patterns) {
    // Only the "folder/*" form is used here; anything else is a plain folder.
    if (pattern.endsWith('/*')) {
      const parent = join(ROOT, pattern.slice(0, -2));
      if (!existsSync(parent)) continue;
      for (const entry of readdirSync(parent, { withFileTypes: true }).sort((a, b) =>
        a.name.localeCompare(b.name),
      )) {
        if (entry.isDirectory()) dirs.push(join(parent, entry.name));
      }
    } else {
      dirs.push(join(ROOT, pattern));
    }
  }
  return dirs
    .filter((path) => existsSync(join(path, 'package.json')))
    .map((path) => {
      const pkg = readPackage(path);
      return {
        name: pkg.name ?? relative(ROOT, path),
        dir: relative(ROOT, path),
        path,
        scripts: pkg.scripts ?? {},
        dependencies: Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }),
      };
    });
}

// Environment for a child tool: the repository's Node 24 and binaries first on PATH.
export function toolEnv(
  extra: Record<string, string | undefined> = {},
  base: Record<string, string | undefined> = process.env,
): NodeJS.ProcessEnv {
  const nodeDir = dirname(process.execPath);
  return { ...base, PATH: [BIN, nodeDir, base.PATH ?? ''].join(':'), ...extra };
}
