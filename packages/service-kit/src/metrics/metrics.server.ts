import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import type { ServiceMetrics } from './service-metrics';

// /metrics on its own listener (METRICS_PORT): never routed by the gateway, which only knows the
// service's PORT, and never behind the identity guard. Off when METRICS_PORT is unset.
export class MetricsServer {
  private server?: Server;

  constructor(
    private readonly metrics: ServiceMetrics,
    private readonly logger: Logger,
  ) {}

  async listen(port: number, host: string): Promise<string> {
    const server = createServer((request, response) => {
      if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
        response.writeHead(404).end();
        return;
      }
      this.metrics.render().then(
        (body) => {
          response.writeHead(200, { 'content-type': this.metrics.registry.contentType });
          response.end(body);
        },
        (error: unknown) => {
          this.logger.warn({ err: error }, 'metrics scrape failed');
          response.writeHead(500).end();
        },
      );
    });
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    const { port: bound } = server.address() as AddressInfo;
    return `http://${host.includes(':') ? `[${host}]` : host}:${bound}/metrics`;
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
