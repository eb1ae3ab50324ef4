import { createZodDto } from 'nestjs-zod';
import { blogListQuerySchema, blogPostSchema } from '@district/contracts';

export class BlogListQueryDto extends createZodDto(blogListQuerySchema) {}
export class BlogPostDto extends createZodDto(blogPostSchema) {}
