// The monitoring profile (issue 21): Prometheus finds every replica of every service by DNS,
// including those added with --scale, and each answers its scrape; the gateway's figures come
// through the nginx exporter. Needs the profile's images (deploy/docker/monitoring.Dockerfile
// targets prometheus and nginx-exporter) built under the run's tag.
import { beforeAll, describe, expect, it } from '@jest/globals';
import { figure, platform, scale, type Platform } from '../lib/platform.ts';

interface Target {
  labels: Record<string, string>;
  health: 'up' | 'down' | 'unknown';
  lastError: string;
}

describe('monitoring profile', () => {
  let up: Platform;
  let prometheusUrl: string;

  const targets = async (): Promise<Target[]> => {
    const res = await fetch(`${prometheusUrl}/api/v1/targets?state=active`);
    const body = (await res.json()) as { data: { activeTargets: Target[] } };
    return body.data.activeTargets;
  };

  beforeAll(async () => {
    up = await platform();
    // --no-deps: `up` of the monitoring services alone would converge their dependencies (the
    // gateway and through it every service) back to one replica each.
    await up.project.compose(
      [
        '--profile',
        'monitoring',
        'up',
        '-d',
        '--no-deps',
        '--no-build',
        'prometheus',
        'gateway-exporter',
      ],
      { timeoutMs: 180_000 },
    );
    await scale(up.project, { 'svc-volunteer': 2 });
    const { stdout } = await up.project.compose(['port', 'prometheus', '9090']);
    const port = stdout.trim().split(':').pop();
    prometheusUrl = `http://127.0.0.1:${port}`;
  }, 600_000);

  it('scrapes every replica of every service and the gateway, all up', async () => {
    const started = Date.now();
    let last: Target[] = [];
    // DNS refresh and the first scrape: both every 15 s.
    while (Date.now() - started < 90_000) {
      last = await targets().catch(() => []);
      const services = last.filter((t) => t.labels.job === 'services');
      if (
        services.filter((t) => t.labels.app === 'svc-volunteer').length === 2 &&
        last.length >= 6 &&
        last.every((t) => t.health === 'up')
      )
        break;
      await new Promise((resolve) => setTimeout(resolve, 3_000));
    }
    figure(`Prometheus targets up after ${((Date.now() - started) / 1000).toFixed(0)} s`);
    const summary = last.map((t) => `${t.labels.app ?? t.labels.job} ${t.health} ${t.lastError}`);
    for (const app of ['svc-auth', 'svc-content', 'svc-hours', 'gateway'])
      expect(summary.filter((s) => s.startsWith(`${app} up`)).length).toBeGreaterThanOrEqual(1);
    expect(summary.filter((s) => s.startsWith('svc-volunteer up'))).toHaveLength(2);
    expect(summary.filter((s) => !s.includes(' up '))).toEqual([]);
  }, 120_000);

  it('has the platform’s own series, labelled by route template', async () => {
    await fetch(`${up.baseUrl}/api/opportunities?status=active`);
    const query = encodeURIComponent('sum by (route) (http_request_duration_seconds_count)');
    const started = Date.now();
    let routes: string[] = [];
    while (Date.now() - started < 60_000 && routes.length === 0) {
      const res = await fetch(`${prometheusUrl}/api/v1/query?query=${query}`);
      const body = (await res.json()) as {
        data: { result: Array<{ metric: { route?: string } }> };
      };
      routes = body.data.result.map((r) => r.metric.route ?? '');
      if (routes.length === 0) await new Promise((resolve) => setTimeout(resolve, 3_000));
    }
    expect(routes).toContain('/health/ready');
    expect(routes.every((r) => !/\/\d+(\/|$)/.test(r))).toBe(true);
  }, 90_000);
});
