// `npm run build` (the container images): puts Scalar's self-contained browser bundle next to
// the compiled OpenAPI controller, so the runtime image needs none of its package's 150 MB of
// dependencies (@scalar/api-reference is a dev dependency). Locally the controller reads it
// from node_modules instead.
import { copyFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const resolve = createRequire(import.meta.url).resolve;
const bundle = join(dirname(resolve('@scalar/api-reference')), 'browser', 'standalone.js');
copyFileSync(bundle, join(import.meta.dirname, '..', 'dist', 'openapi', 'scalar.js'));
