import {
  BadRequestException,
  Module,
  UnsupportedMediaTypeException,
  type DynamicModule,
  type Type,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { API_MESSAGES } from '@district/contracts';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, RawServerDefault } from 'fastify';
import type { z } from 'zod';
import {
  loadServiceConfig,
  type NoExtraConfig,
  type ServiceConfig,
} from '../config/service-config';
import type { Identity } from '../identity/identity.types';
import { mapError } from '../errors/error-body';
import { createLogger, PinoNestLogger, type Logger } from '../logging/logger';
import { createRequestRedis, logRedisOutages } from '../redis/redis';
import { ServiceKitModule } from './service-kit.module';
import { ServiceMetrics } from '../metrics/service-metrics';
import { continueTrace, runInTrace, type TraceContext } from '../tracing/trace-context';
import { spanExportFromEnv, type EndSpan } from '../tracing/span-export';

export const BODY_LIMIT_BYTES = 1_048_576;
export const SERVICE_KEEP_ALIVE_TIMEOUT_MS = 75_000;

export interface CreateServiceAppOptions {
  // Defaults to `svc-<DB_SCHEMA>` (auth → svc-auth).
  service?: string;
  logger?: Logger;
  // Fastify's trustProxy. Default: the config's TRUSTED_PROXIES, so X-Forwarded-For counts only
  // when the peer is the gateway; nginx overwrites it with the address it saw.
  trustProxy?: boolean | string | string[] | number;
  // Default 1 MB (JSON bodies); multipart plugins keep their own limits.
  bodyLimit?: number;
  // Runs before Nest initialises: register Fastify plugins (cookies, multipart) here.
  configure?: (app: NestFastifyApplication) => void | Promise<void>;
}

export function serviceNameOf(config: ServiceConfig, service?: string): string {
  return service ?? `svc-${config.DB_SCHEMA}`;
}

@Module({})
class ServiceRootModule {}

// Builds (but does not start listening) a service: Fastify adapter with a 1 MB body limit,
// the identity guards, one error shape, request logs, health routes and shutdown hooks.
export async function createServiceApp(
  appModule: Type<unknown> | DynamicModule,
  config: ServiceConfig,
  options: CreateServiceAppOptions = {},
): Promise<NestFastifyApplication> {
  const service = serviceNameOf(config, options.service);
  const logger = options.logger ?? createLogger({ service, level: config.LOG_LEVEL });
  // Auto-pipelining: the commands of one event-loop turn leave in one write. Under load that is
  // one socket write for many requests' session reads (docs/decisions.md "Hot paths").
  // Fails fast while Redis is down (503 within a second, issue 15.2), see createRequestRedis.
  const redis = createRequestRedis(config.REDIS_URL, { enableAutoPipelining: true });
  // An unreachable Redis must show up in /health/ready and logs, not crash the process.
  logRedisOutages(redis, logger, service);

  const adapter = new FastifyAdapter({
    bodyLimit: options.bodyLimit ?? BODY_LIMIT_BYTES,
    logger: false,
    trustProxy: options.trustProxy ?? [...config.TRUSTED_PROXIES],
    // Longer than the gateway's upstream keepalive_timeout (60 s), so a pooled connection is
    // always closed by nginx first and never reused just as the service closes it.
    keepAliveTimeout: SERVICE_KEEP_ALIVE_TIMEOUT_MS,
    // While the service stops, a request the gateway sends on a pooled connection is still
    // answered (PostgreSQL and Redis close after the HTTP server): Fastify's default 503 here is
    // not retried by nginx and lost requests in a rolling restart.
    return503OnClosing: false,
    // Errors Fastify's router answers before any route (a path parameter over its length limit:
    // 414; a malformed percent-encoding: 400) get the one error shape too, not Fastify's own
    // {error, code, message} with the path echoed back.
    // (`unknown`: @nestjs/platform-fastify brings its own copy of Fastify's types.)
    frameworkErrors: (error: Error, _request: unknown, reply: unknown) => {
      const { body } = mapError(error);
      void (reply as FastifyReply).status(body.statusCode).send(body);
    },
  });
  const metrics = new ServiceMetrics(service);
  const spans = config.TRACING
    ? spanExportFromEnv(service, config.OTEL_EXPORTER_OTLP_ENDPOINT)
    : undefined;
  const root: DynamicModule = {
    module: ServiceRootModule,
    imports: [
      ServiceKitModule.forRoot({ service, config, logger, redis, metrics, spans }),
      appModule,
    ],
  };
  let app: NestFastifyApplication;
  try {
    app = await NestFactory.create<NestFastifyApplication>(root, adapter, {
      logger: new PinoNestLogger(logger.child({ component: 'nest' })),
      abortOnError: false,
    });
  } catch (error) {
    redis.disconnect();
    throw error;
  }

  // Body-parser failures (malformed JSON, too large, wrong media type) reach the global filter
  // too: Nest turns Fastify's errors into HttpExceptions with Fastify's status and message.
  const fastify = app.getHttpAdapter().getInstance();
  // JSON is UTF-8 (RFC 8259 §8.1). Fastify's parser decodes any bytes as UTF-8, turning invalid
  // ones into U+FFFD that then got stored, and ignores a declared charset (UTF-16 read as UTF-8):
  // a body declaring another charset is a 415, bytes that are not UTF-8 a 400 (issue 29).
  // Registered through Nest so that its init does not add its own JSON parser on top.
  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  app.useBodyParser<RawServerDefault>(
    'application/json',
    { bodyLimit: options.bodyLimit ?? BODY_LIMIT_BYTES },
    (request, body, done) => {
      const charset = charsetOf(request.headers['content-type']);
      if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8')
        return done(new UnsupportedMediaTypeException(API_MESSAGES.unsupportedCharset), undefined);
      let text: string;
      try {
        text = STRICT_UTF8.decode(body);
      } catch {
        return done(new BadRequestException(API_MESSAGES.invalidUtf8), undefined);
      }
      parseJson(request, text, done);
    },
  );
  // The gateway's traceparent and X-Request-Id become the request's trace context: everything
  // the request does (log lines, outbox rows) runs inside it. TRACING=false turns it off.
  if (config.TRACING)
    fastify.addHook('onRequest', (request, _reply, done) => {
      const requestId = request.headers['x-request-id'];
      const context = continueTrace(
        request.headers.traceparent,
        typeof requestId === 'string' ? requestId : undefined,
      );
      (request as unknown as { trace: TraceContext }).trace = context;
      if (spans) {
        const route = request.routeOptions.url ?? 'unmatched';
        (request as unknown as { endSpan: EndSpan }).endSpan = spans.start(
          `${request.method} ${route}`,
          context,
          'server',
          { 'http.request.method': request.method, 'http.route': route },
        );
      }
      runInTrace(context, done);
    });
  // One JSON line per request. Health probes and the gateway's identity checks (/internal/) only
  // at debug level: there is one check per API call, and nginx's access log already shows it
  // with the request it guarded.
  fastify.addHook('onResponse', (request, reply, done) => {
    const user = (request as unknown as { user?: Identity }).user;
    const line = {
      method: request.method,
      url: request.url,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      userId: user?.id,
      // onResponse may run outside the request's async context: named here explicitly.
      trace_id: (request as unknown as { trace?: TraceContext }).trace?.traceId,
      request_id: (request as unknown as { trace?: TraceContext }).trace?.requestId,
    };
    if (request.url.startsWith('/health/') || request.url.startsWith('/internal/'))
      logger.debug(line, 'request');
    else logger.info(line, 'request');
    done();
  });

  // Request rate, errors and latency per route template (routeOptions.url, e.g.
  // "/opportunities/:id"), only when metrics are on: off, a request pays nothing for them.
  if (spans) {
    fastify.addHook('onResponse', (request, reply, done) => {
      const status = reply.statusCode;
      (request as unknown as { endSpan?: EndSpan }).endSpan?.(
        { 'http.response.status_code': status },
        status >= 500,
      );
      done();
    });
    // Sends what is still batched before the process goes.
    fastify.addHook('onClose', async () => spans.shutdown());
  }
  if (config.METRICS_PORT !== undefined)
    fastify.addHook('onResponse', (request, reply, done) => {
      metrics.observeRequest(
        request.method,
        request.routeOptions.url,
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
      done();
    });

  app.enableShutdownHooks();
  await options.configure?.(app);
  return app;
}

const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true });

// `application/json; charset="UTF-8"` → 'utf-8'; no charset parameter → undefined.
export function charsetOf(contentType: string | undefined): string | undefined {
  const match = /;\s*charset\s*=\s*"?([^";\s]*)"?/i.exec(contentType ?? '');
  return match ? (match[1] ?? '').toLowerCase() : undefined;
}

export interface StartServiceOptions<S extends z.ZodObject> extends CreateServiceAppOptions {
  // Per-service variables (e.g. SMTP_URL) validated together with the common ones.
  configSchema?: S;
  config?: ServiceConfig & z.output<S>;
}

export interface StartedService<C> {
  app: NestFastifyApplication;
  config: C;
  url: string;
}

// dist/main.js of every service: validate env, build, listen; a failed start is one line, exit 1.
export async function startService<S extends z.ZodObject = NoExtraConfig>(
  appModule: Type<unknown> | DynamicModule,
  options: StartServiceOptions<S> = {},
): Promise<StartedService<ServiceConfig & z.output<S>>> {
  const config = options.config ?? loadServiceConfig(options.configSchema);
  const service = serviceNameOf(config, options.service);
  const logger = options.logger ?? createLogger({ service, level: config.LOG_LEVEL });
  try {
    const app = await createServiceApp(appModule, config, { ...options, service, logger });
    await app.listen({ port: config.PORT, host: config.HOST });
    const address = app.getHttpServer().address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    const url = `http://${config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST}:${port}`;
    logger.info({ url }, `${service} listening on ${url}`);
    return { app, config, url };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`${service} failed to start: ${message}\n`);
    logger.debug({ err: error }, 'start failed');
    process.exit(1);
  }
}
