import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from '@jest/globals';
import { STAMP_FILE, isWebBuildFresh } from './build.ts';
import type { Workspace } from './workspaces.ts';

// Times well after the repository's own tsconfig.web.json and lockfile, which also count.
const future = Date.now() / 1000 + 3600;

function workspace(root: string, name: string, dependencies: string[] = []): Workspace {
  const path = join(root, name);
  mkdirSync(join(path, 'src'), { recursive: true });
  writeFileSync(join(path, 'src', 'index.ts'), 'export {};\n');
  return { name: `@t/${name}`, dir: name, path, scripts: { build: 'webpack' }, dependencies };
}

function touch(path: string, seconds: number): void {
  utimesSync(path, seconds, seconds);
}

function stamp(ws: Workspace, seconds: number): void {
  mkdirSync(join(ws.path, 'dist'), { recursive: true });
  writeFileSync(join(ws.path, 'dist', STAMP_FILE), '');
  touch(join(ws.path, 'dist', STAMP_FILE), seconds);
}

function settle(ws: Workspace, seconds: number): void {
  // Every input, folders included, gets the same old time.
  for (const path of [ws.path, join(ws.path, 'src'), join(ws.path, 'src', 'index.ts')])
    touch(path, seconds);
}

describe('isWebBuildFresh', () => {
  let root = '';
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('is stale without a stamp, fresh after one, stale again when a source changes', () => {
    root = mkdtempSync(join(tmpdir(), 'build-spec-'));
    const shell = workspace(root, 'shell');
    settle(shell, future);
    expect(isWebBuildFresh(shell, [shell])).toBe(false);
    stamp(shell, future + 10);
    expect(isWebBuildFresh(shell, [shell])).toBe(true);
    touch(join(shell.path, 'src', 'index.ts'), future + 20);
    expect(isWebBuildFresh(shell, [shell])).toBe(false);
  });

  it('stays fresh when a build creates dist/ in a package it uses, and notices a deleted source', () => {
    root = mkdtempSync(join(tmpdir(), 'build-spec-'));
    const contracts = workspace(root, 'contracts');
    const remote = workspace(root, 'mf-blog', ['@t/contracts']);
    writeFileSync(join(contracts.path, 'src', 'extra.ts'), '');
    for (const ws of [contracts, remote]) settle(ws, future);
    touch(join(contracts.path, 'src', 'extra.ts'), future);
    stamp(remote, future + 10);
    // tsc creating packages/contracts/dist while the bundle builds changes the package's folder.
    mkdirSync(join(contracts.path, 'dist'));
    touch(contracts.path, future + 20);
    expect(isWebBuildFresh(remote, [contracts, remote])).toBe(true);
    // Deleting a source changes its folder's time: the bundle is stale.
    rmSync(join(contracts.path, 'src', 'extra.ts'));
    touch(join(contracts.path, 'src'), future + 30);
    expect(isWebBuildFresh(remote, [contracts, remote])).toBe(false);
  });

  it('is stale when a workspace package it uses changes, and ignores dist of its own', () => {
    root = mkdtempSync(join(tmpdir(), 'build-spec-'));
    const contracts = workspace(root, 'contracts');
    const ui = workspace(root, 'ui', ['@t/contracts']);
    const remote = workspace(root, 'mf-blog', ['@t/ui', 'react']);
    for (const ws of [contracts, ui, remote]) settle(ws, future);
    stamp(remote, future + 10);
    const all = [contracts, ui, remote];
    expect(isWebBuildFresh(remote, all)).toBe(true);
    // A later build output in dist/ is not an input.
    writeFileSync(join(remote.path, 'dist', 'main.js'), '');
    touch(join(remote.path, 'dist', 'main.js'), future + 30);
    expect(isWebBuildFresh(remote, all)).toBe(true);
    // A change two levels down (contracts via ui) makes the remote stale.
    touch(join(contracts.path, 'src', 'index.ts'), future + 20);
    expect(isWebBuildFresh(remote, all)).toBe(false);
  });
});
