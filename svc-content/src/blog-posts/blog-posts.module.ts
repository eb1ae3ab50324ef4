import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BlogListCache } from './blog-list.cache';
import { BlogPostEntity } from './blog-post.entity';
import { BlogPostsController } from './blog-posts.controller';
import { BlogPostsRepository } from './blog-posts.repository';
import { BlogPostsService } from './blog-posts.service';

@Module({
  imports: [TypeOrmModule.forFeature([BlogPostEntity])],
  controllers: [BlogPostsController],
  providers: [BlogPostsService, BlogPostsRepository, BlogListCache],
})
export class BlogPostsModule {}
