export * from './trace-context';
export { SPAN_EXPORT, SpanExport, spanExportFromEnv } from './span-export';
export { AddOutboxTraceparent1796100000000 } from './outbox-traceparent.migration';
