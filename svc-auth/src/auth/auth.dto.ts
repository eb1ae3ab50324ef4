import { createZodDto } from 'nestjs-zod';
import { registerBodySchema } from '@district/contracts';

export class RegisterDto extends createZodDto(registerBodySchema) {}
