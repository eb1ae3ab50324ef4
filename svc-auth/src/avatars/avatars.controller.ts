import {
  Controller,
  Get,
  NotFoundException,
  Param,
  Patch,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_MESSAGES, AVATAR_FIELD, AVATAR_MAX_BYTES, VALIDATION } from '@district/contracts';
import { CurrentUser, fieldError, Public, type Identity } from '@district/service-kit';
import { UserRefs, type OwnUserView } from '../users/user-ref';
import { AVATAR_FILE_PATTERN } from './avatar-image.util';
import { AvatarsService } from './avatars.service';
import { RateLimitGuard } from '../rate-limit/rate-limit.guard';

// Room for the multipart envelope around a file of the maximum size.
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

@Controller('api')
export class AvatarsController {
  constructor(
    private readonly avatars: AvatarsService,
    private readonly refs: UserRefs,
  ) {}

  // Behind the gateway's identity (auth_request); the cookie is not read here.
  @Patch('user/avatar')
  @UseGuards(RateLimitGuard)
  async upload(
    @CurrentUser() identity: Identity,
    @Req() request: FastifyRequest,
  ): Promise<OwnUserView> {
    // A declared length far over the limit is refused before a byte of it is parsed.
    const declared = Number(request.headers['content-length'] ?? 0);
    if (declared > AVATAR_MAX_BYTES + MULTIPART_OVERHEAD_BYTES)
      throw fieldError(AVATAR_FIELD, VALIDATION.avatarTooLarge);
    if (!request.isMultipart()) throw fieldError(AVATAR_FIELD, VALIDATION.avatarNotImage);
    const bytes = await readAvatarField(request);
    return this.refs.withRef(await this.avatars.replace(identity.id, bytes));
  }

  // Content-addressed names never change meaning, so browsers and nginx may keep them for a year.
  @Public()
  @Get('avatars/:file')
  async serve(
    @Param('file') file: string,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer | undefined> {
    const match = AVATAR_FILE_PATTERN.exec(file);
    if (!match) throw new NotFoundException(API_MESSAGES.notFound);
    const etag = `"${match[2]}"`;
    const cacheHeaders = {
      'cache-control': 'public, max-age=31536000, immutable',
      etag,
      'x-content-type-options': 'nosniff',
    };
    if (request.headers['if-none-match'] === etag) {
      void reply.status(304).headers(cacheHeaders);
      return undefined;
    }
    const bytes = await this.avatars.read(file);
    if (!bytes) throw new NotFoundException(API_MESSAGES.notFound);
    void reply.headers({ ...cacheHeaders, 'content-type': 'image/webp' });
    return bytes;
  }
}

// Reads the `avatar` file part, never holding more than the limit in memory: @fastify/multipart
// stops the stream at AVATAR_MAX_BYTES and toBuffer() then throws FST_REQ_FILE_TOO_LARGE.
async function readAvatarField(request: FastifyRequest): Promise<Buffer> {
  try {
    const part = await request.file({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1 } });
    if (!part || part.fieldname !== AVATAR_FIELD) {
      part?.file.resume();
      throw fieldError(AVATAR_FIELD, VALIDATION.avatarNotImage);
    }
    return await part.toBuffer();
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw fieldError(AVATAR_FIELD, VALIDATION.avatarTooLarge);
    if (error instanceof Error && 'getStatus' in error) throw error;
    // Broken or truncated multipart bodies are the client's problem, not a 500.
    throw fieldError(AVATAR_FIELD, VALIDATION.avatarNotImage);
  }
}
