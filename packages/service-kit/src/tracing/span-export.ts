import {
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  TraceFlags,
  type Tracer,
} from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import type { TraceContext } from './trace-context';

export const SPAN_EXPORT = Symbol('service-kit:span-export');

export type EndSpan = (attributes?: SpanAttributes, failed?: boolean) => void;

export type SpanAttributes = Record<string, string | number | boolean | undefined>;

// Spans sent to an OpenTelemetry collector (OTEL_EXPORTER_OTLP_ENDPOINT, OTLP over HTTP/JSON),
// batched off the request path. Without the endpoint no instance exists and nothing is sent.
export class SpanExport {
  private readonly provider: TracerProvider;
  private readonly tracer: Tracer;

  constructor(service: string, endpoint: string) {
    this.provider = new TracerProvider({
      resource: resourceFromAttributes({ 'service.name': service }),
      spanProcessors: [
        new BatchSpanProcessor({
          exporter: new OTLPTraceExporter({ url: `${endpoint.replace(/\/+$/, '')}/v1/traces` }),
        }),
      ],
    });
    this.tracer = this.provider.getTracer('@district/service-kit');
  }

  // Starts a span as the child of `context`'s parent and makes `context` that span (its id is
  // what travels on in traceparent). Returns the function that ends it.
  start(
    name: string,
    context: TraceContext,
    kind: 'server' | 'consumer',
    attributes: SpanAttributes = {},
  ): EndSpan {
    const parent = context.parentSpanId
      ? trace.setSpanContext(ROOT_CONTEXT, {
          traceId: context.traceId,
          spanId: context.parentSpanId,
          traceFlags: context.flags === '00' ? TraceFlags.NONE : TraceFlags.SAMPLED,
          isRemote: true,
        })
      : ROOT_CONTEXT;
    const span = this.tracer.startSpan(
      name,
      { kind: kind === 'server' ? SpanKind.SERVER : SpanKind.CONSUMER, attributes },
      parent,
    );
    // A root span (no parent) gets a trace id of its own: keep the context in step with it.
    context.traceId = span.spanContext().traceId;
    context.spanId = span.spanContext().spanId;
    return (more = {}, failed = false) => {
      span.setAttributes(more);
      if (failed) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    };
  }

  shutdown(): Promise<void> {
    return this.provider.shutdown();
  }
}

export function spanExportFromEnv(service: string, endpoint: string | undefined) {
  return endpoint ? new SpanExport(service, endpoint) : undefined;
}
