import { createZodDto } from 'nestjs-zod';
import { userPreferencesSchema } from '@district/contracts';

export class UserPreferencesDto extends createZodDto(userPreferencesSchema) {}
