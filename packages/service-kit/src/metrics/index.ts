export * from './service-metrics';
export { MetricsServer } from './metrics.server';
