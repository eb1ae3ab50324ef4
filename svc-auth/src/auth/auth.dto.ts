import { createZodDto } from 'nestjs-zod';
import { currentUserQuerySchema, registerBodySchema } from '@district/contracts';

export class RegisterDto extends createZodDto(registerBodySchema) {}
export class CurrentUserQueryDto extends createZodDto(currentUserQuerySchema) {}
