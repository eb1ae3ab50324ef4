import { Module } from '@nestjs/common';
import { BlogPostsController } from './blog-posts.controller';
import { BlogPostsService } from './blog-posts.service';
import { BlogListCache } from './blog-list-cache.service';

@Module({ controllers: [BlogPostsController], providers: [BlogPostsService, BlogListCache] })
export class BlogPostsModule {}
