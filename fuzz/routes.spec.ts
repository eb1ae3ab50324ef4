import 'reflect-metadata';
import { globSync } from 'node:fs';
import path from 'node:path';
import { RequestMethod } from '@nestjs/common';
import { describe, expect, it } from '@jest/globals';
import { API_DOCS_PAGES, API_ENDPOINTS, type Access } from '@district/contracts/openapi';
import { IS_PUBLIC_KEY, ROLES_KEY } from '@district/service-kit';

// The published document and the services must not drift: every /api route a NestJS controller
// declares is in the endpoint registry (so in the OpenAPI document) with the same access rule,
// and every registry entry is served by some controller.

// Nest's metadata keys (@nestjs/common/constants, which has no typed export path).
const PATH_METADATA = 'path';
const METHOD_METADATA = 'method';

// Loaded with jest's require (the suite runs as CommonJS), so the controllers are compiled by the
// same transform and keep their decorator metadata.
const modules: Record<string, Record<string, unknown>> = Object.fromEntries(
  globSync('../svc-*/src/**/*.controller.ts', { cwd: import.meta.dirname })
    .sort()
    .map((file) => [
      file,
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- jest's module registry
      require(path.join(import.meta.dirname, file)) as Record<string, unknown>,
    ]),
);

interface ServedRoute {
  method: string;
  path: string;
  access: Access;
  where: string;
}

const join = (...parts: string[]) =>
  '/' +
  parts
    .flatMap((p) => p.split('/'))
    .filter(Boolean)
    .join('/');

function accessOf(handler: object, controller: object): Access {
  const pick = <T>(key: string): T | undefined =>
    (Reflect.getMetadata(key, handler) as T | undefined) ??
    (Reflect.getMetadata(key, controller) as T | undefined);
  if (pick<boolean>(IS_PUBLIC_KEY)) return 'public';
  const roles = pick<string[]>(ROLES_KEY) ?? [];
  if (roles.includes('admin')) return 'admin';
  if (roles.includes('supervisor')) return 'supervisor';
  return 'signedIn';
}

function servedRoutes(): ServedRoute[] {
  const routes: ServedRoute[] = [];
  for (const [file, exports] of Object.entries(modules)) {
    for (const value of Object.values(exports)) {
      if (typeof value !== 'function' || !Reflect.getMetadata('__controller__', value)) continue;
      const prefixes = [Reflect.getMetadata(PATH_METADATA, value) as string | string[]].flat();
      const proto = value.prototype as Record<string, unknown>;
      for (const name of Object.getOwnPropertyNames(proto)) {
        const handler = proto[name];
        if (typeof handler !== 'function' || name === 'constructor') continue;
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (method === undefined) continue;
        const paths = [Reflect.getMetadata(PATH_METADATA, handler) as string | string[]].flat();
        for (const prefix of prefixes)
          for (const path of paths)
            routes.push({
              method: RequestMethod[method],
              path: join(prefix, path),
              access: accessOf(handler, value),
              where: `${file.replace('../', '')} ${value.name}.${name}`,
            });
      }
    }
  }
  return routes.filter((r) => r.path === '/api' || r.path.startsWith('/api/'));
}

const served = servedRoutes();
const key = (r: { method: string; path: string }) => `${r.method} ${r.path}`;
const documented = new Map(Object.values(API_ENDPOINTS).map((e) => [key(e), e]));
const pages = new Set<string>(API_DOCS_PAGES.map(key));

describe('the published contract and the services', () => {
  it('finds the controllers of every service', () => {
    const services = new Set(served.map((r) => r.where.split('/')[0]));
    expect([...services].sort()).toEqual(['svc-auth', 'svc-content', 'svc-hours', 'svc-volunteer']);
  });

  it('documents every /api route a controller serves, with its access rule', () => {
    const missing = served.filter((r) => !documented.has(key(r)) && !pages.has(key(r)));
    expect(missing.map((r) => `${key(r)} (${r.where})`)).toEqual([]);
    const wrongAccess = served
      .filter((r) => documented.has(key(r)) && documented.get(key(r))!.access !== r.access)
      .map((r) => `${key(r)}: served ${r.access}, documented ${documented.get(key(r))!.access}`);
    expect(wrongAccess).toEqual([]);
  });

  it('has a controller behind every documented endpoint and page', () => {
    const servedKeys = new Set(served.map(key));
    expect([...documented.keys(), ...pages].filter((k) => !servedKeys.has(k))).toEqual([]);
  });
});
