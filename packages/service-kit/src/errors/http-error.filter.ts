import { ArgumentsHost, Catch, ExceptionFilter, Inject } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { LOGGER } from '../logging/logger';
import { mapError } from './error-body';

// Every error leaves a service as {statusCode, message, errors?}; unknown ones are logged, never echoed.
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  constructor(@Inject(LOGGER) private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') throw exception;
    const http = host.switchToHttp();
    const reply = http.getResponse<FastifyReply>();
    const request = http.getRequest<FastifyRequest>();
    const { body, unexpected } = mapError(exception);
    if (unexpected) {
      this.logger.error(
        { err: exception, method: request.method, url: request.url },
        'unhandled error',
      );
    }
    if (reply.sent) return;
    void reply
      .status(body.statusCode)
      .header('content-type', 'application/json; charset=utf-8')
      .send(body);
  }
}
