import { BadRequestException, Body, Controller, Get, Param, Patch, Post } from '@nestjs/common';
import { API_MESSAGES, type EventPhoto } from '@district/contracts';
import {
  CurrentUser,
  IdParamDto,
  ReviewStatusDto,
  Roles,
  type Identity,
} from '@district/service-kit';
import { EventPhotoDto, PhotoParamDto } from './photos.dto';
import { PhotosService } from './photos.service';

@Controller('api/opportunities/:id/photos')
export class PhotosController {
  constructor(private readonly photos: PhotosService) {}

  @Get()
  list(@CurrentUser() user: Identity, @Param() { id }: IdParamDto): Promise<EventPhoto[]> {
    return this.photos.list(id, user);
  }

  @Post()
  submit(
    @CurrentUser() user: Identity,
    @Param() { id }: IdParamDto,
    @Body() body: EventPhotoDto,
  ): Promise<EventPhoto> {
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
