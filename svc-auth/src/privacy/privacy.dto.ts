import { createZodDto } from 'nestjs-zod';
import {
  deleteOwnAccountSchema,
  privacyChoiceSchema,
  privacySettingsSchema,
} from '@district/contracts';

export class PrivacyChoiceDto extends createZodDto(privacyChoiceSchema) {}
export class PrivacySettingsDto extends createZodDto(privacySettingsSchema) {}
export class DeleteOwnAccountDto extends createZodDto(deleteOwnAccountSchema) {}
