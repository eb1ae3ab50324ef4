import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from '@jest/globals';
import type { GatewayOptions } from '../../src/gateway-options.type.ts';
import { findFreePort, startNginx, type NginxHandle } from '../../src/nginx-process.ts';
import { renderGatewayConfig } from '../../src/render.ts';
import type { HttpResult } from './http-client.ts';
import { startStandIn, verifyRoute, type StandIn } from './stand-in.ts';
import { createStaticFixtures } from './static-fixtures.ts';

export interface TestGateway {
  nginx: NginxHandle;
  url: string;
  options: GatewayOptions;
  dir: string;
  stop(): Promise<void>;
}

type Overrides = Partial<Omit<GatewayOptions, 'port' | 'runtimeDir'>> &
  Pick<GatewayOptions, 'upstreams'>;

/** A real nginx on a free port with the rendered config, a shell and a remote on disk. */
export async function startTestGateway(overrides: Overrides): Promise<TestGateway> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'gateway-test-'));
  const { shellRoot, remoteRoot } = await createStaticFixtures(path.join(dir, 'static'));
  const options: GatewayOptions = {
    port: await findFreePort(),
    runtimeDir: path.join(dir, 'run'),
    workerProcesses: 2,
    shell: { root: shellRoot },
    remotes: {
      volunteer: { root: remoteRoot },
      directory: { root: remoteRoot },
      blog: { root: remoteRoot },
      hours: { root: remoteRoot },
    },
    ...overrides,
  };
  const { nginxConf, remotesJson } = renderGatewayConfig(options);
  const nginx = await startNginx({ conf: nginxConf, runtimeDir: options.runtimeDir, remotesJson });
  return {
    nginx,
    url: nginx.url,
    options,
    dir,
    async stop() {
      await nginx.stop();
      if (!process.env.KEEP_GATEWAY_DIR) await rm(dir, { recursive: true, force: true });
    },
  };
}

export interface GatewayWithStandIns {
  gateway: TestGateway;
  auth: StandIn;
  volunteer: StandIn;
  content: StandIn;
  hours: StandIn;
  standIns: StandIn[];
  stop(): Promise<void>;
}

/** A real nginx in front of one stand-in per service; svc-auth's answers the session check. */
export async function startGatewayWithStandIns(
  overrides: Omit<Overrides, 'upstreams'> = {},
): Promise<GatewayWithStandIns> {
  const auth = await startStandIn('svc_auth', { '/internal/auth/verify': verifyRoute });
  const volunteer = await startStandIn('svc_volunteer');
  const content = await startStandIn('svc_content');
  const hours = await startStandIn('svc_hours');
  const standIns = [auth, volunteer, content, hours];
  const gateway = await startTestGateway({
    ...overrides,
    upstreams: {
      svc_auth: [auth.address],
      svc_volunteer: [volunteer.address],
      svc_content: [content.address],
      svc_hours: [hours.address],
    },
  });
  return {
    gateway,
    auth,
    volunteer,
    content,
    hours,
    standIns,
    async stop() {
      await gateway.stop();
      await Promise.all(standIns.map((s) => s.close()));
    },
  };
}

/** A port nothing listens on: a service that is down. */
export async function deadAddress(): Promise<string> {
  return `127.0.0.1:${await findFreePort()}`;
}

export function expectSecurityHeaders(res: HttpResult): void {
  const csp = String(res.headers['content-security-policy']);
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("img-src 'self' data: blob: https: http:");
  expect(csp).toContain("style-src 'self' 'unsafe-inline'");
  // Issue 34: the service worker and the web app manifest, from this origin only.
  expect(csp).toContain("worker-src 'self'");
  expect(csp).toContain("manifest-src 'self'");
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(res.headers['x-frame-options']).toBe('DENY');
  // The camera for event photos on the phone; microphone, location, payment and the rest off.
  const permissions = String(res.headers['permissions-policy']);
  expect(permissions).toContain('camera=(self)');
  for (const off of ['microphone', 'geolocation', 'payment', 'usb', 'serial', 'display-capture'])
    expect(permissions).toContain(`${off}=()`);
  // server_tokens off: no version to fingerprint.
  expect(res.headers.server).toBe('nginx');
}
