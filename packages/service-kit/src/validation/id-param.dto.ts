import { createZodDto } from 'nestjs-zod';
import { idParamSchema } from '@district/contracts';

// `@Param() { id }: IdParamDto` on any `…/:id` route: a positive integer, or 400 naming `id`.
export class IdParamDto extends createZodDto(idParamSchema) {}
