import { createZodDto } from 'nestjs-zod';
import { registerSchema } from '@district/contracts';

export class RegisterDto extends createZodDto(registerSchema) {}
