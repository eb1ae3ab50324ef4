import { describe, expect, it } from '@jest/globals';
import { buildOpenApiDocument } from '@district/contracts/openapi';
import {
  countByRule,
  describeFindings,
  lintOpenApi,
  type LintFinding,
} from '../scripts/openapi-lint.ts';

// Issue 29: the published document, linted by Spectral with its OpenAPI rules and the OWASP API
// Security ruleset (.spectral.yaml says which rules are off or narrowed, and why).
describe('the published document, linted by Spectral (spectral:oas and OWASP)', () => {
  let findings: LintFinding[] = [];

  it('has no errors', async () => {
    findings = await lintOpenApi(buildOpenApiDocument());
    const errors = findings.filter((f) => f.severity === 'error');
    const others = findings.filter((f) => f.severity !== 'error');
    if (others.length > 0) console.log(`spectral: not errors: ${countByRule(others)}`);
    // Each finding on its own line when this fails: rule, where, what.
    expect(describeFindings(errors)).toBe('');
  });

  it('describes every 429 with Retry-After, and only where a limit exists', () => {
    const document = buildOpenApiDocument() as {
      paths: Record<string, Record<string, { responses: Record<string, { headers?: object }> }>>;
    };
    const limited = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, op]) => op.responses['429'])
        .map(([method, op]) => {
          expect(op.responses['429']!.headers).toHaveProperty('Retry-After.required', true);
          return `${method.toUpperCase()} ${path}`;
        }),
    );
    expect(limited.sort()).toEqual(
      [
        'POST /api/login',
        // The district sign-in's password step counts failures like the login (issue 31).
        'POST /api/auth/district/link',
        'POST /api/register',
        'POST /api/password-reset/request',
        'PATCH /api/user/avatar',
        // Issue 33: event photos, JSON or uploaded from the phone, counted like avatars.
        'POST /api/opportunities/{id}/photos',
        'GET /api/guardian-consent/{token}',
        'POST /api/guardian-consent/{token}',
        'GET /api/calendar/feed/{file}',
        'GET /api/service-records/{code}',
        'GET /api/service-records/{code}/pdf',
        'POST /api/service-records/verify',
        'GET /api/hour-confirmations/{token}',
        'POST /api/hour-confirmations/{token}',
      ].sort(),
    );
  });
});
