// Lints the published OpenAPI document with Spectral: .spectral.yaml extends spectral:oas and the
// OWASP API Security ruleset (issue 29). The document is written to
// packages/contracts/dist/openapi.json first (the file .spectral.yaml's overrides name).
//
//   node scripts/openapi-lint.ts      builds packages/contracts, lints its document (npm run lint)
//
// fuzz/openapi-lint.spec.ts runs lintOpenApi() on the document generated from source (npm test).
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildTypeScript, tscProjects } from './build.ts';
import { reportFatal } from './prerequisites.ts';
import { ROOT } from './workspaces.ts';

export const OPENAPI_FILE = join(ROOT, 'packages', 'contracts', 'dist', 'openapi.json');
export const SPECTRAL_RULESET = join(ROOT, '.spectral.yaml');
const SPECTRAL = join(ROOT, 'node_modules', '@stoplight', 'spectral-cli', 'dist', 'index.js');

// Spectral's numeric severities.
const SEVERITY = ['error', 'warning', 'information', 'hint'] as const;

export interface LintFinding {
  code: string;
  severity: (typeof SEVERITY)[number];
  // Where in the document, e.g. "paths › /api/register › post › requestBody › … › email".
  where: string;
  message: string;
}

interface SpectralResult {
  code: string | number;
  severity: number;
  path: Array<string | number>;
  message: string;
}

function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

/** Writes the document where the ruleset expects it and returns every finding, errors first. */
export async function lintOpenApi(document: unknown): Promise<LintFinding[]> {
  mkdirSync(dirname(OPENAPI_FILE), { recursive: true });
  writeFileSync(OPENAPI_FILE, `${JSON.stringify(document, null, 2)}\n`);
  const { code, stdout, stderr } = await run([
    SPECTRAL,
    'lint',
    OPENAPI_FILE,
    '--ruleset',
    SPECTRAL_RULESET,
    '--format',
    'json',
    '--quiet',
  ]);
  let results: SpectralResult[];
  try {
    results = JSON.parse(stdout) as SpectralResult[];
  } catch {
    // No JSON at all: Spectral itself failed (a broken ruleset, a missing package).
    throw new Error(`spectral exited ${code}: ${(stderr || stdout).trim()}`);
  }
  return results
    .map((r) => ({
      code: String(r.code),
      severity: SEVERITY[r.severity] ?? 'hint',
      where: readablePath(document, r.path),
      message: r.message,
    }))
    .sort((a, b) => SEVERITY.indexOf(a.severity) - SEVERITY.indexOf(b.severity));
}

// A parameter by its name, not its index: "parameters › query cursor".
function readablePath(document: unknown, path: Array<string | number>): string {
  let node: unknown = document;
  return path
    .map((segment, i) => {
      const parent = node as Record<string | number, unknown> | undefined;
      node = parent?.[segment];
      if (path[i - 1] !== 'parameters') return String(segment);
      const param = node as { in?: string; name?: string } | undefined;
      return param?.name ? `${param.in} ${param.name}` : String(segment);
    })
    .join(' › ');
}

export function describeFindings(findings: LintFinding[]): string {
  return findings.map((f) => `${f.severity} ${f.code}: ${f.where}: ${f.message}`).join('\n');
}

// Counts per rule, for the one-line summary of warnings (they do not fail the lint).
export function countByRule(findings: LintFinding[]): string {
  const counts = new Map<string, number>();
  for (const f of findings) counts.set(f.code, (counts.get(f.code) ?? 0) + 1);
  return [...counts].map(([rule, n]) => `${rule} ×${n}`).join(', ');
}

async function main(): Promise<number> {
  const contracts = tscProjects().filter((ws) => ws.dir === 'packages/contracts');
  await buildTypeScript({ quiet: true }, contracts);
  // The built package is CommonJS; its source imports without extensions, which Node cannot follow.
  const require = createRequire(import.meta.url);
  const { buildOpenApiDocument } = require(
    join(ROOT, 'packages', 'contracts', 'dist', 'openapi', 'index.js'),
  ) as { buildOpenApiDocument: () => unknown };
  const findings = await lintOpenApi(buildOpenApiDocument());
  const errors = findings.filter((f) => f.severity === 'error');
  const others = findings.filter((f) => f.severity !== 'error');
  if (errors.length > 0) console.error(describeFindings(errors));
  console.log(
    `openapi lint: ${errors.length} errors, ${others.length} warnings and hints` +
      (others.length > 0 ? ` (${countByRule(others)})` : ''),
  );
  return errors.length > 0 ? 1 : 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      reportFatal(error);
      process.exit(1);
    },
  );
}
