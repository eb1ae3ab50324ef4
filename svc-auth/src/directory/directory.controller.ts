import { Controller, Get, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentUser, sendCachedList, type Identity } from '@district/service-kit';
import { DirectoryService } from './directory.service';

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
    void reply.headers({
      [DIRECTORY_TOTAL_HEADERS.students]: String(totals.students),
      [DIRECTORY_TOTAL_HEADERS.serviceHours]: String(totals.serviceHours),
      [DIRECTORY_TOTAL_HEADERS.schools]: String(totals.schools),
    });
    // Private, revalidated each time (the kit's helper): only signed-in users may read it, and
    // what each receives depends on who they are (the ETag is of these very bytes, so another
    // viewer's copy never validates); an unchanged directory costs a 304 without a body. The
    // gzip bytes were compressed once per change, so the gateway passes them through.
    return sendCachedList(request, reply, body, { vary: 'Accept-Encoding, Cookie' });
  }
}
