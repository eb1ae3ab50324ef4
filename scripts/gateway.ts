// The local gateway: the gateway package renders nginx.conf and runs nginx; this file only
// says where things are on a developer's machine (dist folders, service ports).
import { existsSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';
import {
  REMOTE_NAMES,
  findFreePort,
  renderGatewayConfig,
  resolveNginxBinary,
  startNginx,
  type ServiceUpstreamName,
} from '../gateway/src/index.ts';
import { MissingPrerequisiteError } from './prerequisites.ts';
import { ROOT } from './workspaces.ts';

export { findFreePort };

export interface GatewayHandle {
  url: string;
  port: number;
  missingBuilds: string[];
  stop(): Promise<void>;
}

export interface LocalGatewayOptions {
  port: number;
  runtimeDir: string;
  // Ports of the services that run; the others get an address nobody answers (JSON 502).
  services: Partial<Record<ServiceUpstreamName, number>>;
  publicUrl: string;
  // Put nginx's own logs here (default: under runtimeDir).
  logDir: string | null;
}

// Nothing listens on port 1 of loopback: nginx answers 502 for a service that is not built yet.
const NO_SERVICE = '127.0.0.1:1';
const ALL_UPSTREAMS: ServiceUpstreamName[] = [
  'svc_auth',
  'svc_volunteer',
  'svc_content',
  'svc_hours',
];

export function requireNginx(): string {
  try {
    return resolveNginxBinary();
  } catch {
    throw new MissingPrerequisiteError(
      'nginx not found: install it with `apt-get install nginx` (or set NGINX_BIN)',
    );
  }
}

export async function startGateway(options: LocalGatewayOptions): Promise<GatewayHandle> {
  requireNginx();
  const shellRoot = join(ROOT, 'shell', 'dist');
  const remotes = Object.fromEntries(
    REMOTE_NAMES.map((name) => [name, { root: join(ROOT, `mf-${name}`, 'dist') }]),
  );
  const missingBuilds = [shellRoot, ...Object.values(remotes).map((r) => r.root)]
    .filter((root) => !existsSync(root))
    .map((root) => root.slice(ROOT.length + 1));
  const upstreams = Object.fromEntries(
    ALL_UPSTREAMS.map((name) => [
      name,
      [options.services[name] ? `127.0.0.1:${options.services[name]}` : NO_SERVICE],
    ]),
  ) as Record<ServiceUpstreamName, string[]>;

  const rendered = renderGatewayConfig({
    port: options.port,
    host: '127.0.0.1',
    runtimeDir: options.runtimeDir,
    upstreams,
    shell: { root: shellRoot },
    remotes,
    publicUrl: options.publicUrl,
    // One worker: on two cores shared with the services, a second worker split the kept-alive
    // upstream connections and the events of each wake-up in two, and the gateway served about
    // 25% fewer requests a second (docs/decisions.md "Hot paths"). One used under a quarter of a core.
    workerProcesses: 1,
    ...(options.logDir
      ? {
          accessLog: join(options.logDir, 'nginx-access.log'),
          errorLog: join(options.logDir, 'nginx-error.log'),
        }
      : {}),
  });
  const nginx = await startNginx({
    conf: rendered.nginxConf,
    runtimeDir: options.runtimeDir,
    remotesJson: rendered.remotesJson,
    port: options.port,
  });
  return { url: nginx.url, port: nginx.port, missingBuilds, stop: () => nginx.stop() };
}

// Whether a given port can be bound on loopback right now (for "8080, or the next free one").
export function portIsFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen({ host, port, exclusive: true }, () => server.close(() => resolve(true)));
  });
}
