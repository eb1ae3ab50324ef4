import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { ensureTools, locateTool } from '../../scripts/system-packages.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const MONITORING = path.join(ROOT, 'deploy/monitoring');
const RULES = path.join(MONITORING, 'prometheus/rules');

function promtool(args: string[], cwd = MONITORING): string {
  return execFileSync(locateTool('promtool')!, args, { cwd, encoding: 'utf8', stdio: 'pipe' });
}

// Metric names the platform's own code defines (`name: 'outbox_pending_events'`), so a dashboard
// or alert that names a metric nobody exports fails here instead of showing an empty graph.
function definedMetricNames(): Set<string> {
  const names = new Set<string>();
  const dirs = [
    'packages/service-kit/src',
    'svc-auth/src',
    'svc-volunteer/src',
    'svc-content/src',
    'svc-hours/src',
  ];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts'))
        for (const m of readFileSync(full, 'utf8').matchAll(/name: '([a-z_]+)'/g)) names.add(m[1]!);
    }
  };
  for (const dir of dirs) walk(path.join(ROOT, dir));
  return names;
}

// Prefixes of the platform's own metrics (the rest are prom-client's defaults and the nginx exporter's).
const OWN =
  /(?<![:\w])((?:http_request|outbox|bullmq|event_processing|mail_jobs|db_pool|sse_streams|volunteer_signups|auth_logins)[a-z_]*?)(?:_bucket|_count|_sum)?\b/g;

describe('monitoring configuration (issue 21)', () => {
  beforeAll(() => {
    ensureTools([
      {
        tool: 'promtool',
        why: 'checking the alert rules',
        missingLine: 'promtool is missing: install Debian\'s "prometheus" package',
      },
    ]);
  }, 300_000);

  it('has alert rules promtool accepts', () => {
    expect(
      promtool([
        'check',
        'rules',
        ...readdirSync(RULES)
          .filter((f) => f.endsWith('.rules.yml'))
          .map((f) => path.join(RULES, f)),
      ]),
    ).toMatch(/SUCCESS/);
  });

  it('fires each alert on the series it is for and not just under its threshold', () => {
    expect(promtool(['test', 'rules', 'platform.test.yml'], RULES)).toMatch(/SUCCESS/);
  });

  it('has a Prometheus configuration promtool accepts, discovering replicas by DNS', () => {
    expect(promtool(['check', 'config', '--syntax-only', 'prometheus/prometheus.yml'])).toMatch(
      /SUCCESS/,
    );
    const config = readFileSync(path.join(MONITORING, 'prometheus/prometheus.yml'), 'utf8');
    for (const service of ['svc-auth', 'svc-volunteer', 'svc-content', 'svc-hours'])
      expect(config).toContain(service);
    expect(config).toContain('dns_sd_configs');
  });

  it('graphs and alerts only on metrics the services export', () => {
    const defined = definedMetricNames();
    const texts = [
      ...readdirSync(path.join(MONITORING, 'grafana/dashboards')).map((f) =>
        readFileSync(path.join(MONITORING, 'grafana/dashboards', f), 'utf8'),
      ),
      readFileSync(path.join(RULES, 'platform.rules.yml'), 'utf8'),
    ];
    const used = new Set(texts.flatMap((t) => [...t.matchAll(OWN)].map((m) => m[1]!)));
    expect(used.size).toBeGreaterThan(8);
    expect([...used].filter((name) => !defined.has(name))).toEqual([]);
  });
});
