import type { GatewayOptions, StaticSource } from './gateway-options.type.ts';

export const SERVICE_UPSTREAMS = ['svc_auth', 'svc_volunteer', 'svc_content', 'svc_hours'] as const;

// Every value lands unquoted in nginx syntax: only characters that cannot end a directive,
// open a block or start a variable are accepted.
const SAFE_PATH = /^\/[\w.@+,~/-]*$/;
const HOST =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])$/;
const HOST_PORT = /^(?:[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?|\[[0-9A-Fa-f:.]+\]):\d{1,5}$/;
const UNIX_SOCKET = /^unix:\/[\w.@+,~/-]*$/;
const REMOTE_KEY = /^[a-z][a-z0-9-]*$/;
const MF_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const CIDR = /^[0-9A-Fa-f:.]+(?:\/\d{1,3})?$/;
const RESOLVER = /^[\w.:[\]-]+(?: [\w.:[\]=-]+)*$/;
const CSP = /^[^"$\\\n\r;{}]*(?:;[^"$\\\n\r;{}]*)*$/;

/** Throws one Error listing every problem, so an operator fixes them in one go. */
export function validateGatewayOptions(options: GatewayOptions): void {
  const problems: string[] = [];
  const check = (ok: boolean, message: string) => {
    if (!ok) problems.push(message);
  };

  check(
    Number.isInteger(options.port) && options.port > 0 && options.port < 65536,
    `port: expected 1-65535, got ${String(options.port)}`,
  );
  if (options.host !== undefined)
    check(isHost(options.host), `host: not an address: ${options.host}`);
  check(
    typeof options.runtimeDir === 'string' && SAFE_PATH.test(options.runtimeDir),
    `runtimeDir: expected an absolute path of letters, digits and ._-/@+,~, got ${String(options.runtimeDir)}`,
  );

  for (const name of SERVICE_UPSTREAMS) {
    const servers = options.upstreams?.[name];
    if (!Array.isArray(servers) || servers.length === 0) {
      problems.push(`upstreams.${name}: at least one host:port is required`);
      continue;
    }
    for (const server of servers)
      check(isUpstreamAddress(server), `upstreams.${name}: not a host:port: ${server}`);
  }

  checkStatic(options.shell, 'shell', problems);
  const remoteKeys = Object.keys(options.remotes ?? {});
  check(remoteKeys.length > 0, 'remotes: at least one remote is required');
  for (const key of remoteKeys) {
    check(
      REMOTE_KEY.test(key),
      `remotes: name must be lower-case letters, digits and -, got ${key}`,
    );
    checkStatic(options.remotes[key], `remotes.${key}`, problems);
  }

  for (const [index, entry] of (options.remotesConfig ?? []).entries()) {
    check(
      MF_NAME.test(entry?.name ?? ''),
      `remotesConfig[${index}].name: not a module federation name: ${String(entry?.name)}`,
    );
    check(
      isEntryUrl(entry?.entry),
      `remotesConfig[${index}].entry: expected a path starting with / or an http(s) URL, got ${String(entry?.entry)}`,
    );
  }

  if (options.publicUrl !== undefined)
    check(
      isHttpUrl(options.publicUrl),
      `publicUrl: expected an http(s) URL, got ${options.publicUrl}`,
    );
  if (options.resolver !== undefined)
    check(
      RESOLVER.test(options.resolver),
      `resolver: expected addresses separated by spaces, got ${options.resolver}`,
    );
  for (const proxy of options.trustedProxies ?? [])
    check(CIDR.test(proxy), `trustedProxies: not an address or CIDR: ${proxy}`);
  if (options.user !== undefined)
    check(
      /^[a-z_][\w-]*(?: [a-z_][\w-]*)?$/.test(options.user),
      `user: not a user name: ${options.user}`,
    );
  if (options.workerProcesses !== undefined && options.workerProcesses !== 'auto') {
    check(
      Number.isInteger(options.workerProcesses) && options.workerProcesses > 0,
      `workerProcesses: expected a positive integer or "auto"`,
    );
  }
  if (options.workerConnections !== undefined) {
    check(
      Number.isInteger(options.workerConnections) && options.workerConnections >= 64,
      'workerConnections: expected an integer >= 64',
    );
  }
  if (typeof options.accessLog === 'string')
    check(
      SAFE_PATH.test(options.accessLog),
      `accessLog: expected an absolute path, got ${options.accessLog}`,
    );
  if (options.errorLog !== undefined)
    check(
      options.errorLog === 'stderr' || SAFE_PATH.test(options.errorLog),
      `errorLog: expected an absolute path or "stderr", got ${options.errorLog}`,
    );
  if (options.contentSecurityPolicy !== undefined)
    check(
      CSP.test(options.contentSecurityPolicy),
      'contentSecurityPolicy: must not contain " $ \\ { } or line breaks',
    );

  if (problems.length > 0) throw new Error(`Invalid gateway options:\n- ${problems.join('\n- ')}`);
}

function checkStatic(source: StaticSource | undefined, label: string, problems: string[]): void {
  if (source && 'root' in source && typeof source.root === 'string') {
    if (!SAFE_PATH.test(source.root))
      problems.push(
        `${label}.root: expected an absolute path of letters, digits and ._-/@+,~, got ${source.root}`,
      );
  } else if (source && 'upstream' in source && typeof source.upstream === 'string') {
    if (!isUpstreamAddress(source.upstream))
      problems.push(`${label}.upstream: not a host:port: ${source.upstream}`);
  } else {
    problems.push(`${label}: expected { root } or { upstream }`);
  }
}

function isHost(value: string): boolean {
  return HOST.test(value) || /^[0-9A-Fa-f:.]+$/.test(value);
}

function isUpstreamAddress(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  if (UNIX_SOCKET.test(value)) return true;
  if (!HOST_PORT.test(value)) return false;
  const port = Number(value.slice(value.lastIndexOf(':') + 1));
  return port > 0 && port < 65536;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && HOST.test(url.hostname);
  } catch {
    return false;
  }
}

function isEntryUrl(value: unknown): boolean {
  // No whitespace or control characters (code points below 0x20) in a URL the browser fetches.
  if (
    typeof value !== 'string' ||
    value.length === 0 ||
    /\s/.test(value) ||
    [...value].some((c) => c.charCodeAt(0) < 0x20)
  )
    return false;
  return value.startsWith('/') || isHttpUrl(value);
}
