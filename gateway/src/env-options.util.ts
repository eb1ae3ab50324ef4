import os from 'node:os';
import path from 'node:path';
import type {
  GatewayOptions,
  RemoteConfigEntry,
  ServiceUpstreamName,
  StaticSource,
} from './gateway-options.type.ts';
import { defaultRemotesConfig } from './render.ts';

export const REMOTE_NAMES = ['volunteer', 'directory', 'blog', 'hours'] as const;

const SERVICE_ENV: Record<ServiceUpstreamName, string> = {
  svc_auth: 'SVC_AUTH_UPSTREAMS',
  svc_volunteer: 'SVC_VOLUNTEER_UPSTREAMS',
  svc_content: 'SVC_CONTENT_UPSTREAMS',
  svc_hours: 'SVC_HOURS_UPSTREAMS',
};

/**
 * Gateway options from environment variables (the container image's only configuration).
 * Collects every missing or malformed variable into one error, one line each.
 */
export function gatewayOptionsFromEnv(env: NodeJS.ProcessEnv): GatewayOptions {
  const problems: string[] = [];
  const list = (value: string | undefined) =>
    (value ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);

  const port = Number(env.PORT ?? '8080');
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    problems.push(`PORT must be a port number (1-65535), got "${env.PORT}"`);

  const upstreams = {} as Record<ServiceUpstreamName, string[]>;
  for (const [name, variable] of Object.entries(SERVICE_ENV) as Array<
    [ServiceUpstreamName, string]
  >) {
    upstreams[name] = list(env[variable]);
    if (upstreams[name].length === 0)
      problems.push(
        `${variable} is required: comma-separated host:port of every ${name.replace('_', '-')} replica`,
      );
  }

  const staticSource = (prefix: string, label: string): StaticSource | undefined => {
    const root = env[`${prefix}_ROOT`];
    const upstream = env[`${prefix}_UPSTREAM`];
    if (root && upstream)
      problems.push(`${prefix}_ROOT and ${prefix}_UPSTREAM are both set: choose one for ${label}`);
    else if (root) return { root };
    else if (upstream) return { upstream };
    else
      problems.push(
        `${prefix}_ROOT (a directory) or ${prefix}_UPSTREAM (host:port) is required for ${label}`,
      );
    return undefined;
  };

  const shell = staticSource('SHELL', 'the shell');
  const remotes: Record<string, StaticSource> = {};
  for (const name of REMOTE_NAMES) {
    const source = staticSource(`MF_${name.toUpperCase()}`, `the ${name} remote`);
    if (source) remotes[name] = source;
  }
  // MF_<NAME>_ENTRY moves a remote's manifest elsewhere without rebuilding the shell.
  const remotesConfig: RemoteConfigEntry[] = defaultRemotesConfig(REMOTE_NAMES).map(
    (entry, index) => ({
      ...entry,
      entry: env[`MF_${REMOTE_NAMES[index].toUpperCase()}_ENTRY`] || entry.entry,
    }),
  );

  const workerProcesses =
    env.WORKER_PROCESSES && env.WORKER_PROCESSES !== 'auto'
      ? Number(env.WORKER_PROCESSES)
      : undefined;
  const workerConnections = env.WORKER_CONNECTIONS ? Number(env.WORKER_CONNECTIONS) : undefined;

  if (problems.length > 0)
    throw new Error(`Invalid gateway environment:\n- ${problems.join('\n- ')}`);
  return {
    port,
    host: env.HOST || undefined,
    runtimeDir: env.GATEWAY_RUNTIME_DIR || path.join(os.tmpdir(), 'district-gateway'),
    upstreams,
    shell: shell as StaticSource,
    remotes,
    remotesConfig,
    publicUrl: env.PUBLIC_URL || undefined,
    resolver: env.RESOLVER || undefined,
    trustedProxies: list(env.TRUSTED_PROXIES),
    user: env.NGINX_USER || undefined,
    workerProcesses,
    workerConnections,
    accessLog: env.ACCESS_LOG === 'off' ? false : env.ACCESS_LOG || undefined,
    errorLog: env.ERROR_LOG || undefined,
    statusPort: env.STATUS_PORT ? Number(env.STATUS_PORT) : undefined,
    statusHost: env.STATUS_HOST || undefined,
  };
}
