import {
  BadRequestException,
  Controller,
  Get,
  Param,
  Patch,
  Post,
  Req,
  Res,
  Body,
  UseGuards,
} from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
// request.isMultipart() (the plugin is registered by the kit's MultipartModule).
import type {} from '@fastify/multipart';
import {
  API_MESSAGES,
  eventPhotoSchema,
  eventPhotoUploadSchema,
  PHOTO_FIELD,
  PHOTO_MAX_BYTES,
  VALIDATION,
  type EventPhoto,
} from '@district/contracts';
import {
  CurrentUser,
  IdParamDto,
  RateLimitGuard,
  readImageUpload,
  ReviewStatusDto,
  Roles,
  sendImage,
  zodValidationException,
  type Identity,
} from '@district/service-kit';
import { PhotoFileParamDto, PhotoParamDto } from './photos.dto';
import { PhotosService } from './photos.service';

@Controller('api/opportunities/:id/photos')
export class PhotosController {
  constructor(private readonly photos: PhotosService) {}

  @Get()
  list(@CurrentUser() user: Identity, @Param() { id }: IdParamDto): Promise<EventPhoto[]> {
    return this.photos.list(id, user);
  }

  // JSON with the photo's URL (the spec), or (issue 33) multipart/form-data with the image in
  // `photo` and the `caption`, checked, re-encoded and stored like an avatar.
  @Post()
  @UseGuards(RateLimitGuard)
  async submit(
    @CurrentUser() user: Identity,
    @Param() { id }: IdParamDto,
    @Req() request: FastifyRequest,
  ): Promise<EventPhoto> {
    if (request.isMultipart()) {
      const { bytes, fields } = await readImageUpload(request, {
        field: PHOTO_FIELD,
        maxBytes: PHOTO_MAX_BYTES,
        textFields: Object.keys(eventPhotoUploadSchema.shape),
        messages: { notImage: VALIDATION.avatarNotImage, tooLarge: VALIDATION.avatarTooLarge },
      });
      const { caption } = parse(eventPhotoUploadSchema, fields);
      return this.photos.upload(id, user, bytes, caption);
    }
    const body = parse(eventPhotoSchema, request.body);
    // The spec's body repeats opportunityId; when it does, it must name the same opportunity.
    if (body.opportunityId !== undefined && body.opportunityId !== id) {
      throw new BadRequestException({
        statusCode: 400,
        message: API_MESSAGES.photoOpportunityMismatch,
        errors: [{ path: 'opportunityId', message: API_MESSAGES.photoOpportunityMismatch }],
      });
    }
    return this.photos.submit(id, user, body.photoUrl, body.caption);
  }

  // Issue 33: an uploaded photo, to those who may see its row (approved: anyone signed in).
  // Revalidated on every use (`no-cache`, ETag = its hash): moderation may hide it any time.
  @Get(':file')
  async file(
    @CurrentUser() user: Identity,
    @Param() { id, file }: PhotoFileParamDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer | undefined> {
    await this.photos.checkFileVisible(id, file, user);
    return sendImage(request, reply, file, 'private, no-cache', (name) =>
      this.photos.readFile(name),
    );
  }

  // DESIGN.md: the moderation call the spec omits.
  @Patch(':photoId/status')
  @Roles('admin')
  review(
    @CurrentUser() user: Identity,
    @Param() { id, photoId }: PhotoParamDto,
    @Body() body: ReviewStatusDto,
  ): Promise<EventPhoto> {
    return this.photos.review(id, photoId, body.status, user.id);
  }
}

// The route takes two body types, so it parses here what @Body() would have: the same schema,
// the same 400.
function parse<T>(schema: { parse: (value: unknown) => T }, value: unknown): T {
  try {
    return schema.parse(value);
  } catch (error) {
    throw zodValidationException(error);
  }
}
