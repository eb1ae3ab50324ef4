import { createZodDto } from 'nestjs-zod';
import { districtLinkSchema } from '@district/contracts';

export class DistrictLinkDto extends createZodDto(districtLinkSchema) {}
