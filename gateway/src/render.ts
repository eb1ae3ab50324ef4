import type {
  GatewayOptions,
  RemoteConfigEntry,
  RenderedGateway,
  StaticSource,
} from './gateway-options.type.ts';
import { GATEWAY_MESSAGES_ES } from './error-messages.ts';
import { runtimePaths } from './runtime-paths.util.ts';
import { renderTemplate } from './template.util.ts';
import { SERVICE_UPSTREAMS, validateGatewayOptions } from './validate-options.util.ts';

export const DEFAULT_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  // Event photos are external URLs; avatar previews are blob: URLs.
  "img-src 'self' data: blob: https: http:",
  // Radix primitives set inline styles.
  "style-src 'self' 'unsafe-inline'",
  "script-src 'self'",
  "connect-src 'self'",
  "font-src 'self'",
  // Issue 34: the service worker (/sw.js, scope /) and the web app manifests, from this origin
  // only (said outright rather than left to default-src).
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/**
 * The statuses nginx itself answers with (error-pages.conf), as `[code, status sent, message]`:
 * under /api each becomes `{"statusCode","message"}`. 494 is nginx's own code for a header too
 * large, sent as 400; the JSON says 431.
 */
export const NGINX_ERROR_STATUSES: ReadonlyArray<readonly [number, number, string]> = [
  [400, 400, 'Bad Request'],
  [403, 403, 'Forbidden'],
  [404, 404, 'Not Found'],
  [405, 405, 'Method Not Allowed'],
  [408, 408, 'Request Timeout'],
  [411, 411, 'Length Required'],
  [413, 413, 'Request body too large'],
  [414, 414, 'URI Too Long'],
  [415, 415, 'Unsupported Media Type'],
  [429, 429, 'Too many requests, please try again later'],
  [494, 431, 'Request Header Fields Too Large'],
  [500, 500, 'Internal Server Error'],
  [501, 501, 'Not Implemented'],
  [502, 502, 'Service unavailable'],
  [503, 503, 'Service unavailable'],
  [504, 504, 'Service unavailable'],
  [505, 505, 'HTTP Version Not Supported'],
];

/**
 * Renders the whole nginx.conf (one self-contained file: run it with `nginx -c <file>`) and the
 * runtime remote config from a plain object. Deterministic: the same options give the same text.
 */
export function renderGatewayConfig(options: GatewayOptions): RenderedGateway {
  validateGatewayOptions(options);
  const paths = runtimePaths(options.runtimeDir);
  const remotesConfig = options.remotesConfig ?? defaultRemotesConfig(Object.keys(options.remotes));
  const remotesJson = `${JSON.stringify({ remotes: remotesConfig.map(({ name, entry }) => ({ name, entry })) })}\n`;
  const publicUrl = options.publicUrl === undefined ? undefined : new URL(options.publicUrl);
  // Behind TLS termination the public URL, not the hop to nginx, says how the browser came in.
  const forwardedProto = publicUrl ? publicUrl.protocol.slice(0, -1) : '$scheme';

  const staticUpstreams: Array<[string, string]> = [];
  const upstreamFor = (name: string, source: StaticSource): string | undefined => {
    if (!('upstream' in source)) return undefined;
    staticUpstreams.push([name, source.upstream]);
    return name;
  };

  const shellUpstream = upstreamFor('static_shell', options.shell);
  const shellLocation =
    shellUpstream === undefined
      ? renderTemplate('shell-static.conf', { root: rootOf(options.shell) })
      : renderTemplate('shell-proxy.conf', {
          upstream_name: shellUpstream,
          forwarded_proto: forwardedProto,
        });

  const remoteLocations = Object.entries(options.remotes)
    .map(([name, source]) => {
      const upstreamName = upstreamFor(`static_mf_${name.replace(/-/g, '_')}`, source);
      return upstreamName === undefined
        ? renderTemplate('remote-static.conf', { name, root: rootOf(source) })
        : renderTemplate('remote-proxy.conf', {
            name,
            upstream_name: upstreamName,
            forwarded_proto: forwardedProto,
          });
    })
    .join('\n');

  const serverLine = (address: string) =>
    `server ${address} max_fails=1 fail_timeout=2s${options.resolver && !address.startsWith('unix:') ? ' resolve' : ''};`;
  const upstreamBlock = (name: string, servers: readonly string[]) =>
    renderTemplate('upstream.conf', {
      upstream_name: name,
      // `resolve` re-resolves names at run time and needs a shared memory zone.
      zone: options.resolver ? `zone ${name} 64k;` : '',
      servers: servers.map(serverLine).join('\n'),
    });
  const upstreams = [
    ...SERVICE_UPSTREAMS.map((name) => upstreamBlock(name, options.upstreams[name])),
    ...staticUpstreams.map(([name, address]) => upstreamBlock(name, [address])),
  ].join('\n\n');

  const accessLog =
    options.accessLog === false
      ? 'off'
      : isStream(options.accessLog)
        ? `${options.accessLog} gateway_json`
        : `${options.accessLog ?? paths.accessLog} gateway_json buffer=32k flush=1s`;

  const securityVars = {
    csp: options.contentSecurityPolicy ?? DEFAULT_CONTENT_SECURITY_POLICY,
    hsts:
      publicUrl?.protocol === 'https:'
        ? 'add_header Strict-Transport-Security "max-age=31536000" always;'
        : '',
  };
  const vars: Record<string, string> = {
    user: options.user ? `user ${options.user};` : '',
    worker_processes: String(options.workerProcesses ?? 'auto'),
    daemon: options.daemon ? 'on' : 'off',
    runtime_dir: options.runtimeDir,
    error_log: options.errorLog ?? paths.errorLog,
    worker_connections: String(options.workerConnections ?? 8192),
    access_log: accessLog,
    resolver: options.resolver ? `resolver ${options.resolver} valid=10s;` : '',
    upstreams,
    listen: `${listenHost(options.host ?? '127.0.0.1')}:${options.port}`,
    server_name: publicUrl ? publicUrl.hostname : '_',
    real_ip: realIp(options.trustedProxies ?? []),
    trusted_peer_geo: trustedPeerGeo(options.trustedProxies ?? []),
    status_server:
      options.statusPort === undefined
        ? ''
        : renderTemplate('status-server.conf', {
            status_listen: `${listenHost(options.statusHost ?? '127.0.0.1')}:${options.statusPort}`,
          }),
    ...securityVars,
    forwarded_proto: forwardedProto,
    remotes_json_location: renderTemplate('remotes-json.conf', {
      remotes_json: nginxSingleQuoted(remotesJson.trim()),
    }),
    remote_locations: remoteLocations,
    shell_location: shellLocation,
    origin_map: originMap(publicUrl, forwardedProto),
    // Depth 2: the snippet's comment is said once in templates/, not fifteen times here.
    error_locations: NGINX_ERROR_STATUSES.map(([code, status, message]) =>
      renderTemplate(
        'error-location.conf',
        {
          code: String(code),
          error_headers: code === 429 ? renderTemplate('retry-after.conf', securityVars, 2) : '',
          error_return: errorReturn(status, message),
        },
        2,
      ),
    ).join('\n'),
    // api-error-pages.conf: the gateway's own refusals, in the caller's language too.
    return_401: errorReturn(401, 'Unauthorized'),
    return_auth_unavailable: errorReturn(503, 'Service unavailable'),
    return_413_avatar: errorReturn(413, 'File size must be less than 5MB'),
    return_cross_site: errorReturn(403, 'Cross-site request refused'),
    return_not_json: errorReturn(415, 'Content-Type must be application/json'),
    return_not_json_or_pdf: errorReturn(
      415,
      'Content-Type must be application/json or application/pdf',
    ),
    return_not_json_or_multipart: errorReturn(
      415,
      'Content-Type must be application/json or multipart/form-data',
    ),
  };

  const nginxConf = `${renderTemplate('nginx.conf', vars).replace(/\n{3,}/g, '\n\n')}\n`;
  return { nginxConf, remotesJson };
}

export function defaultRemotesConfig(remoteNames: readonly string[]): RemoteConfigEntry[] {
  return remoteNames.map((name) => ({
    name: `mf_${name.replace(/-/g, '_')}`,
    entry: `/mf/${name}/mf-manifest.json`,
  }));
}

function rootOf(source: StaticSource): string {
  if (!('root' in source)) throw new Error('expected a static root');
  return source.root.replace(/\/+$/, '') || '/';
}

function isStream(path: string | undefined): boolean {
  return path === '/dev/stdout' || path === '/dev/stderr';
}

function listenHost(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

// $gw_foreign_origin: 1 when the Origin header names another site than the gateway's own.
// Without a public URL the page must come from the host the request was sent to.
function originMap(publicUrl: URL | undefined, forwardedProto: string): string {
  const lines = publicUrl
    ? ['map $http_origin $gw_foreign_origin {', '    "" 0;', `    "${publicUrl.origin}" 0;`]
    : [
        `map "$http_origin|${forwardedProto}://$http_host" $gw_foreign_origin {`,
        '    "~^\\|" 0;',
        '    "~*^([^|]+)\\|\\1$" 0;',
      ];
  return [...lines, '    default 1;', '}'].join('\n');
}

function realIp(trusted: readonly string[]): string {
  if (trusted.length === 0) return '';
  return [
    ...trusted.map((proxy) => `set_real_ip_from ${proxy};`),
    'real_ip_header X-Forwarded-For;',
    'real_ip_recursive on;',
  ].join('\n');
}

// $gw_trusted_peer: 1 when the connection comes from a trusted proxy (the socket address, not
// X-Forwarded-For), whose traceparent is then continued.
function trustedPeerGeo(trusted: readonly string[]): string {
  return [
    'geo $realip_remote_addr $gw_trusted_peer {',
    '    default 0;',
    ...trusted.map((proxy) => `    ${proxy} 1;`),
    '}',
  ].join('\n');
}

// Inside an nginx single-quoted string `\` and `'` are escapes and `$` starts a variable.
// `$` only occurs inside JSON strings, where \u0024 is the same character.
/**
 * An error's JSON answer, `{"statusCode","message"}`, in the caller's language ($gw_language,
 * maps.conf; English by default). `return` inside `if` is the one use of `if` in a location that
 * nginx documents as safe.
 */
function errorReturn(status: number, message: string): string {
  const spanish = GATEWAY_MESSAGES_ES[message];
  if (spanish === undefined) throw new Error(`no Spanish for the gateway error "${message}"`);
  const body = (text: string) =>
    `'${nginxSingleQuoted(JSON.stringify({ statusCode: status, message: text }))}'`;
  return [
    'if ($gw_language = es) {',
    `    return ${status} ${body(spanish)};`,
    '}',
    `return ${status} ${body(message)};`,
  ].join('\n');
}

function nginxSingleQuoted(json: string): string {
  return json.replace(/\$/g, '\\u0024').replace(/\\/g, '\\\\').replace(/'/g, "\\'");
}
