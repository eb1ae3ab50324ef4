import { createZodDto } from 'nestjs-zod';
import { photoFileParamSchema, photoParamSchema } from '@district/contracts';

export class PhotoParamDto extends createZodDto(photoParamSchema) {}
export class PhotoFileParamDto extends createZodDto(photoFileParamSchema) {}
