/// <reference types="node" />
// Test helpers for the browser workspaces (never imported by app code: Node-only).
export {
  json,
  routeRelativeFetchTo,
  startTestServer,
  type Handler,
  type TestServer,
} from './test-server';
export { loadLazyKitParts } from './lazy-parts';
