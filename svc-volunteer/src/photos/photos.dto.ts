import { createZodDto } from 'nestjs-zod';
import { eventPhotoSchema, photoParamSchema } from '@district/contracts';

export class PhotoParamDto extends createZodDto(photoParamSchema) {}
export class EventPhotoDto extends createZodDto(eventPhotoSchema) {}
