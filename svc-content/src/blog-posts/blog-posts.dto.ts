import { createZodDto } from 'nestjs-zod';
import { blogListQuerySchema, blogPostSchema, blogStatusSchema } from '@district/contracts';

export class BlogListQueryDto extends createZodDto(blogListQuerySchema) {}
export class BlogPostDto extends createZodDto(blogPostSchema) {}
export class BlogStatusDto extends createZodDto(blogStatusSchema) {}
