// CI step before `npm test`: a Docker engine (the one that answers, else dockerd started with
// ensureDockerEngine, left running for the tests and the compose test after them) and the local
// PostgreSQL and Redis images the integration suites' testcontainers use, built once from Debian
// packages when missing (the compose test's base images, cached in /var/lib/docker).
//   node deploy/test/test-images.ts
// Skipped when TEST_CONTAINERS=off, or when TEST_POSTGRES_IMAGE/TEST_REDIS_IMAGE name other images.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { baseImages } from './lib/base-images.ts';
import { ensureDockerEngine } from './lib/docker-engine.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

async function main(): Promise<void> {
  if (process.env.TEST_CONTAINERS === 'off') return console.log('TEST_CONTAINERS=off: no images');
  if (process.env.TEST_POSTGRES_IMAGE || process.env.TEST_REDIS_IMAGE)
    return console.log('TEST_POSTGRES_IMAGE/TEST_REDIS_IMAGE set: testcontainers pulls those');
  const runDir = path.join(ROOT, '.data', 'dockerd');
  mkdirSync(runDir, { recursive: true });
  const engine = await ensureDockerEngine(runDir);
  const started = Date.now();
  // The same local images the compose test builds (BASE_IMAGES=local: no registry is asked).
  process.env.BASE_IMAGES ??= 'local';
  const { images, source } = await baseImages(engine, ROOT, (line) => console.log(line));
  console.log(
    `test images: ${images.POSTGRES_IMAGE}, ${images.REDIS_IMAGE} (${source}, ${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
