import { createZodDto } from 'nestjs-zod';
import { districtClaimParamSchema, districtLinkSchema } from '@district/contracts';

export class DistrictLinkDto extends createZodDto(districtLinkSchema) {}

export class DistrictClaimParamDto extends createZodDto(districtClaimParamSchema) {}
