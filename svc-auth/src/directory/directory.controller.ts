import { Controller, Get, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { acceptsGzip } from '@district/service-kit';
import { DirectoryService } from './directory.service';
import { etagMatches } from './http-cache.util';

// Any signed-in user (the gateway's identity is required by the global guard).
@Controller('api')
export class DirectoryController {
  constructor(private readonly directory: DirectoryService) {}

  @Get('directory')
  async list(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer | undefined> {
    const snapshot = await this.directory.snapshot();
    const gzipped = acceptsGzip(request.headers['accept-encoding']);
    const etag = gzipped ? `${snapshot.etag.slice(0, -1)}.gz"` : snapshot.etag;
    // Private: only signed-in users may read it. no-cache: the browser keeps it but asks each
    // time, and an unchanged directory costs a 304 without a body.
    void reply.headers({
      'cache-control': 'private, no-cache',
      vary: 'Accept-Encoding',
      etag,
    });
    if (etagMatches(request.headers['if-none-match'], snapshot.etag)) {
      void reply.status(304);
      return undefined;
    }
    void reply.header('content-type', 'application/json; charset=utf-8');
    // Compressed once per change here, so the gateway passes it through instead of
    // compressing ~1 MB again on every request.
    if (gzipped) {
      void reply.header('content-encoding', 'gzip');
      return snapshot.gzip;
    }
    return snapshot.json;
  }
}
