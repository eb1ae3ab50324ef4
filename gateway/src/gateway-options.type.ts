// The plain object the gateway config is rendered from (docs/architecture.md "Gateway routes").

/** nginx upstream names of the services, as used in the routing table. */
export type ServiceUpstreamName = 'svc_auth' | 'svc_volunteer' | 'svc_content' | 'svc_hours';

/** Static files either from a directory on this host or from a container of their own. */
export type StaticSource = { root: string } | { upstream: string };

export interface RemoteConfigEntry {
  /** module federation name, e.g. `mf_volunteer` */
  name: string;
  /** manifest URL, e.g. `/mf/volunteer/mf-manifest.json` */
  entry: string;
}

export interface GatewayOptions {
  /** port nginx listens on */
  port: number;
  /** listen address; default `127.0.0.1` (containers: `0.0.0.0`) */
  host?: string;
  /** absolute directory for the pid file, temp files and (by default) logs */
  runtimeDir: string;
  /** `host:port` (or `unix:/path`) of every replica of each service; at least one each */
  upstreams: Readonly<Record<ServiceUpstreamName, readonly string[]>>;
  /** the shell, served at `/` */
  shell: StaticSource;
  /** remotes by path name (`volunteer` is served at `/mf/volunteer/`) */
  remotes: Readonly<Record<string, StaticSource>>;
  /** `/config/remotes.json` entries; default: `mf_<name>` → `/mf/<name>/mf-manifest.json` per remote */
  remotesConfig?: readonly RemoteConfigEntry[];
  /** the gateway's public base URL; https adds HSTS and sets X-Forwarded-Proto */
  publicUrl?: string;
  /**
   * DNS resolver(s) for upstream host names that change at run time (containers); adds
   * `resolve` to every upstream server, which needs nginx >= 1.27.3.
   */
  resolver?: string;
  /** proxies (addresses or CIDRs) whose X-Forwarded-For names the real client */
  trustedProxies?: readonly string[];
  /** `daemon on`; default false (foreground, for process managers and containers) */
  daemon?: boolean;
  /** worker user when the master runs as root (ignored by nginx otherwise) */
  user?: string;
  /** default `auto` */
  workerProcesses?: number | 'auto';
  /** default 8192 (each SSE stream holds two: client and upstream) */
  workerConnections?: number;
  /** absolute path, or false for none; default `<runtimeDir>/logs/access.log` */
  accessLog?: string | false;
  /** absolute path or `stderr`; default `<runtimeDir>/logs/error.log` */
  errorLog?: string;
  /** port of the stub_status listener for the metrics exporter; default none */
  statusPort?: number;
  /** its address; default `127.0.0.1` (containers: `0.0.0.0`, the port is not published) */
  statusHost?: string;
  /** replaces DEFAULT_CONTENT_SECURITY_POLICY */
  contentSecurityPolicy?: string;
}

export interface RenderedGateway {
  nginxConf: string;
  remotesJson: string;
}
