import { createZodDto } from 'nestjs-zod';
import { reviewStatusSchema } from '@district/contracts';

// `@Body() { status }: ReviewStatusDto` on every PATCH …/status review route (blog posts, hour
// logs, photos): approved or rejected, or 400 naming `status`.
export class ReviewStatusDto extends createZodDto(reviewStatusSchema) {}
