export * from './service-metrics';
export { MetricsServer } from './metrics.server';
export type { Counter, Gauge, Histogram } from 'prom-client';
