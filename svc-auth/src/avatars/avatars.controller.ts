import { Controller, Get, Param, Patch, Req, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AVATAR_FIELD, AVATAR_MAX_BYTES, VALIDATION } from '@district/contracts';
import {
  CurrentUser,
  Public,
  RateLimitGuard,
  readImageUpload,
  sendImage,
  type Identity,
} from '@district/service-kit';
import { UserRefs, type OwnUserView } from '../users/user-ref';
import { AvatarsService } from './avatars.service';

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
    const { bytes } = await readImageUpload(request, {
      field: AVATAR_FIELD,
      maxBytes: AVATAR_MAX_BYTES,
      messages: { notImage: VALIDATION.avatarNotImage, tooLarge: VALIDATION.avatarTooLarge },
    });
    return this.refs.withRef(await this.avatars.replace(identity.id, bytes));
  }

  // Content-addressed names never change meaning, so browsers and nginx may keep them for a year.
  @Public()
  @Get('avatars/:file')
  serve(
    @Param('file') file: string,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer | undefined> {
    return sendImage(request, reply, file, 'public, max-age=31536000, immutable', (name) =>
      this.avatars.read(name),
    );
  }
}
