import { createZodDto } from 'nestjs-zod';
import { eventPhotoSchema, photoParamSchema, photoStatusSchema } from '@district/contracts';

export class PhotoParamDto extends createZodDto(photoParamSchema) {}
export class EventPhotoDto extends createZodDto(eventPhotoSchema) {}
export class PhotoStatusDto extends createZodDto(photoStatusSchema) {}
