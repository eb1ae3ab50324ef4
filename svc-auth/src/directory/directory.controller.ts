import { Controller, Get, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { acceptsGzip, CurrentUser, type Identity } from '@district/service-kit';
import { DirectoryService } from './directory.service';
import { etagMatches } from './http-cache.util';

// Issue 20: the stat cards' figures count every student, hidden ones included, while the list
// holds only what this viewer may see.
const DIRECTORY_TOTAL_HEADERS = {
  students: 'x-total-students',
  serviceHours: 'x-total-service-hours',
  schools: 'x-schools-with-students',
} as const;

// Any signed-in user (the gateway's identity is required by the global guard).
@Controller('api')
export class DirectoryController {
  constructor(private readonly directory: DirectoryService) {}

  @Get('directory')
  async list(
    @CurrentUser() viewer: Identity,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer | undefined> {
    const { body, totals } = await this.directory.bodyFor(viewer);
    const gzipped = acceptsGzip(request.headers['accept-encoding']);
    const etag = gzipped ? `${body.etag.slice(0, -1)}.gz"` : body.etag;
    // Private: only signed-in users may read it, and what each receives depends on who they are
    // (the ETag is of these very bytes, so another viewer's copy never validates). no-cache: the
    // browser keeps it but asks each time, and an unchanged directory costs a 304 without a body.
    void reply.headers({
      'cache-control': 'private, no-cache',
      vary: 'Accept-Encoding, Cookie',
      etag,
      [DIRECTORY_TOTAL_HEADERS.students]: String(totals.students),
      [DIRECTORY_TOTAL_HEADERS.serviceHours]: String(totals.serviceHours),
      [DIRECTORY_TOTAL_HEADERS.schools]: String(totals.schools),
    });
    if (etagMatches(request.headers['if-none-match'], body.etag)) {
      void reply.status(304);
      return undefined;
    }
    void reply.header('content-type', 'application/json; charset=utf-8');
    // Compressed once per change here, so the gateway passes it through instead of
    // compressing ~1 MB again on every request.
    if (gzipped) {
      void reply.header('content-encoding', 'gzip');
      return body.gzip;
    }
    return body.json;
  }
}
