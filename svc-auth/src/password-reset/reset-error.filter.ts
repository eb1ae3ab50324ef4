import { ArgumentsHost, Catch, ExceptionFilter, Inject } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LOGGER, mapError, type Logger } from '@district/service-kit';

// The reset screen shows the body's `error` field (SPEC §7), so this route's errors carry one
// beside the platform's usual {statusCode, message, errors?}.
@Catch()
export class ResetErrorFilter implements ExceptionFilter {
  constructor(@Inject(LOGGER) private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const reply = http.getResponse<FastifyReply>();
    const request = http.getRequest<FastifyRequest>();
    const { body, unexpected } = mapError(exception);
    if (unexpected)
      this.logger.error(
        { err: exception, method: request.method, url: request.url },
        'unhandled error',
      );
    if (reply.sent) return;
    void reply.status(body.statusCode).send({ ...body, error: body.message });
  }
}
