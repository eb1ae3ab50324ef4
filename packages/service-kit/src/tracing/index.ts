export * from './trace-context';
export { AddOutboxTraceparent1796100000000 } from './outbox-traceparent.migration';
