import { Controller, Get, Header, NotFoundException, Param } from '@nestjs/common';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { API_MESSAGES } from '@district/contracts';
import { buildOpenApiDocument } from '@district/contracts/openapi';
import { Public } from '@district/service-kit';

// GET /api/openapi.json and the staff reference page GET /api/docs (docs/decisions.md
// "Published API contract"). The document is generated from the shared schemas when the service
// starts, so it is always the contract this build enforces; svc-auth serves it because every
// way the platform runs (npm start, compose, Kubernetes) already routes public /api calls to it.

// Scalar's self-contained browser bundle: no CDN, works offline. Built images carry a copy next
// to this file (scripts/copy-docs-bundle.mjs), so the package stays a dev dependency; otherwise
// it is found next to the package's main file (its package exports no subpath for it).
function scalarBundlePath(): string {
  if (typeof __dirname === 'string' && existsSync(join(__dirname, 'scalar.js')))
    return join(__dirname, 'scalar.js');
  return join(dirname(require.resolve('@scalar/api-reference')), 'browser', 'standalone.js');
}

// No inline script (the gateway's CSP is script-src 'self'): the bundle reads the data-url and
// data-configuration of the #api-reference tag itself. Default fonts would come from a CDN; the
// developer tools, AI agent and MCP buttons lead to Scalar's hosted services.
const DOCS_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>District volunteering platform API</title>
  </head>
  <body>
    <script
      id="api-reference"
      data-url="/api/openapi.json"
      data-configuration='{"withDefaultFonts":false,"showDeveloperTools":"never","agent":{"disabled":true},"mcp":{"disabled":true},"telemetry":false}'
    ></script>
    <script src="/api/docs/scalar.js"></script>
  </body>
</html>
`;

@Public()
@Controller('api')
export class OpenApiController {
  private readonly document = JSON.stringify(buildOpenApiDocument());
  private bundle: Promise<Buffer> | null = null;

  @Get('openapi.json')
  @Header('content-type', 'application/json; charset=utf-8')
  @Header('cache-control', 'no-cache')
  openApi(): string {
    return this.document;
  }

  @Get('docs')
  @Header('content-type', 'text/html; charset=utf-8')
  @Header('cache-control', 'no-cache')
  docs(): string {
    return DOCS_PAGE;
  }

  @Get('docs/:asset')
  @Header('content-type', 'text/javascript; charset=utf-8')
  @Header('cache-control', 'public, max-age=3600')
  async asset(@Param('asset') asset: string): Promise<Buffer> {
    if (asset !== 'scalar.js') throw new NotFoundException(API_MESSAGES.notFound);
    this.bundle ??= readFile(scalarBundlePath());
    return this.bundle;
  }
}
