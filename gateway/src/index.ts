export type {
  GatewayOptions,
  RemoteConfigEntry,
  RenderedGateway,
  ServiceUpstreamName,
  StaticSource,
} from './gateway-options.type.ts';
export {
  DEFAULT_CONTENT_SECURITY_POLICY,
  defaultRemotesConfig,
  renderGatewayConfig,
} from './render.ts';
export { validateGatewayOptions, SERVICE_UPSTREAMS } from './validate-options.util.ts';
export { gatewayOptionsFromEnv, REMOTE_NAMES } from './env-options.util.ts';
export { runtimePaths } from './runtime-paths.util.ts';
export { findFreePort } from './find-free-port.util.ts';
export {
  resolveNginxBinary,
  startNginx,
  type NginxHandle,
  type StartNginxOptions,
} from './nginx-process.ts';
