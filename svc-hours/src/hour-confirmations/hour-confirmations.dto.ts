import { createZodDto } from 'nestjs-zod';
import { hourConfirmationDecisionSchema, hoursSettingsSchema } from '@district/contracts';

export class HourConfirmationDecisionDto extends createZodDto(hourConfirmationDecisionSchema) {}
export class HoursSettingsDto extends createZodDto(hoursSettingsSchema) {}
