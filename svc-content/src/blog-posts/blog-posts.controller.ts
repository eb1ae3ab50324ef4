import {
  Body,
  Controller,
  Get,
  HttpCode,
  Param,
  Patch,
  Post,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { BlogPost, Page } from '@district/contracts';
import {
  CurrentUser,
  IdParamDto,
  ReviewStatusDto,
  Roles,
  sendCachedList,
  type Identity,
} from '@district/service-kit';
import { BlogListQueryDto, BlogPostDto } from './blog-posts.dto';
import { BlogPostsService } from './blog-posts.service';

@Controller('api/blog-posts')
export class BlogPostsController {
  constructor(private readonly posts: BlogPostsService) {}

  // Plain call: the spec's array of every visible post, sent as the cached gzip bytes (nginx
  // passes an encoded answer through untouched). ?page/?pageSize (and ?status): one Page of it.
  @Get()
  async list(
    @CurrentUser() user: Identity,
    @Query() query: BlogListQueryDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer | Page<BlogPost> | undefined> {
    if (query.page !== undefined || query.pageSize !== undefined || query.status !== undefined) {
      return this.posts.page(user, query);
    }
    // 304 while the browser holds it; gzip bytes or JSON with a strong ETag (the kit's helper).
    return sendCachedList(request, reply, await this.posts.fullList(user));
  }

  @Post()
  @HttpCode(201)
  create(@CurrentUser() user: Identity, @Body() body: BlogPostDto): Promise<BlogPost> {
    return this.posts.create(user, body);
  }

  @Patch(':id/status')
  @Roles('admin')
  review(
    @CurrentUser() user: Identity,
    @Param() { id }: IdParamDto,
    @Body() body: ReviewStatusDto,
  ): Promise<BlogPost> {
    return this.posts.review(id, body.status, user.id);
  }
}
