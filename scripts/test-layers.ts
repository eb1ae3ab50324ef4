// The layers of `npm test` (issue 30), cheapest first so a mistake shows in seconds:
//   unit         every folder's `*.spec.ts(x)`: no PostgreSQL, Redis, nginx or browser; one jest
//                run over all folders (jest.unit.config.mts)
//   integration  `*.integration-spec.ts` of the kit, the services and the runner: real PostgreSQL
//                and Redis (containers per folder when Docker answers)
//   gateway      `*.integration-spec.ts` of the gateway and the fuzz run: a real nginx in front
//   e2e          a build, then Playwright in Chromium through the gateway
// A spec's layer is its file name: a `*.spec.ts` that needs a server is misnamed.
import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { ROOT, listWorkspaces } from './workspaces.ts';

export type Layer = 'lint' | 'unit' | 'integration' | 'gateway' | 'e2e';

export interface JestFolder {
  // Folder relative to the root ("svc-auth", "packages/ui"); also the unit project's displayName.
  name: string;
  path: string;
}

export const INTEGRATION_SPEC = '\\.integration-spec\\.ts$';

// Folders whose integration specs go through a real nginx.
const GATEWAY_FOLDERS = new Set(['gateway', 'fuzz']);

export function jestFolders(): JestFolder[] {
  const folders = [
    { name: 'scripts', path: join(ROOT, 'scripts') },
    // The deployment tooling (Kubernetes manifest validation) is not a workspace but has unit tests.
    { name: 'deploy', path: join(ROOT, 'deploy') },
    ...listWorkspaces().map((ws) => ({ name: ws.dir, path: ws.path })),
  ];
  return folders.filter((f) => existsSync(join(f.path, 'jest.config.mts')));
}

export function integrationLayerOf(folder: JestFolder): 'integration' | 'gateway' {
  return GATEWAY_FOLDERS.has(folder.name) ? 'gateway' : 'integration';
}

// The folder a test file (absolute path, as in jest's report) belongs to: the longest match.
export function folderOf(file: string, folders: JestFolder[]): string {
  let best = '';
  for (const folder of folders) {
    const rel = relative(folder.path, file);
    if (!rel.startsWith('..') && !rel.startsWith(sep) && folder.name.length > best.length)
      best = folder.name;
  }
  return best || 'other';
}
