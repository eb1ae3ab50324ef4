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
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import type { BlogPost, Page } from '@district/contracts';
import { acceptsGzip, CurrentUser, IdParamDto, Roles, type Identity } from '@district/service-kit';
import { BlogListQueryDto, BlogPostDto, BlogStatusDto } from './blog-posts.dto';
import { BlogPostsService } from './blog-posts.service';

const gunzipAsync = promisify(gunzip);

// If-None-Match holds this tag (or "*"); weak comparison, as RFC 9110 asks for GET.
function ifNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

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
    const list = await this.posts.fullList(user);
    void reply.header('vary', 'accept-encoding');
    // Revalidate on every use (the browser keeps the bytes; a reload costs a 304, not the list).
    void reply.header('cache-control', 'private, no-cache');
    void reply.header('etag', list.etag);
    if (ifNoneMatch(request.headers['if-none-match'], list.etag)) {
      void reply.status(304);
      return undefined;
    }
    void reply.header('content-type', 'application/json; charset=utf-8');
    if (acceptsGzip(request.headers['accept-encoding'])) {
      void reply.header('content-encoding', 'gzip');
      return list.gzip;
    }
    return gunzipAsync(list.gzip);
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
    @Body() body: BlogStatusDto,
  ): Promise<BlogPost> {
    return this.posts.review(id, body.status, user.id);
  }
}
