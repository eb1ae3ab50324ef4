import { ArgumentsHost, Catch, ExceptionFilter, Inject } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { LOGGER } from '../logging/logger';
import { RETRY_AFTER_SECONDS } from './dependency-outage';
import { API_MESSAGES, translateMessage } from '@district/contracts';
import { allowedMethods } from '../http/allowed-methods';
import { requestLanguage } from '../i18n/request-language';
import { mapError, type ErrorBody } from './error-body';

// Every error leaves a service as {statusCode, message, errors?}; unknown ones are logged, never echoed.
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  constructor(@Inject(LOGGER) private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') throw exception;
    const http = host.switchToHttp();
    const reply = http.getResponse<FastifyReply>();
    const request = http.getRequest<FastifyRequest>();
    let { body, unexpected } = mapError(exception);
    // No route matched, but the path has routes for other methods (PUT on a POST route): 405
    // with the methods it has, not a 404 that says the resource does not exist.
    if (body.statusCode === 404 && request.routeOptions.url === undefined) {
      const allow = allowedMethods(request.server, request.method, request.url);
      if (allow.length > 0) {
        void reply.header('allow', allow.join(', '));
        body = { statusCode: 405, message: API_MESSAGES.methodNotAllowed };
        unexpected = false;
      }
    }
    if (unexpected && body.statusCode === 503) {
      // One line per failed request, without a stack: the outage itself is what matters.
      this.logger.warn(
        {
          err: { message: (exception as Error)?.message },
          method: request.method,
          url: request.url,
        },
        'dependency unavailable',
      );
    } else if (unexpected) {
      this.logger.error(
        { err: exception, method: request.method, url: request.url },
        'unhandled error',
      );
    }
    if (reply.sent) return;
    const translated = inLanguage(body, requestLanguage(request.headers));
    if (body.statusCode === 503) void reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    void reply
      .status(body.statusCode)
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-language', translated.language)
      .send(translated.body);
  }
}

// The message and each field's message in the request's language (issue 22).
function inLanguage(body: ErrorBody, language: ReturnType<typeof requestLanguage>) {
  if (language === 'en') return { language, body };
  return {
    language,
    body: {
      ...body,
      message: translateMessage(body.message, language),
      ...(body.errors && {
        errors: body.errors.map((e) => ({ ...e, message: translateMessage(e.message, language) })),
      }),
    },
  };
}
