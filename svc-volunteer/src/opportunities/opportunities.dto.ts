import { createZodDto } from 'nestjs-zod';
import {
  createOpportunitySchema,
  opportunitiesQuerySchema,
  opportunityStatusSchema,
  updateOpportunitySchema,
} from '@district/contracts';

export class OpportunitiesQueryDto extends createZodDto(opportunitiesQuerySchema) {}
export class CreateOpportunityDto extends createZodDto(createOpportunitySchema) {}
export class OpportunityStatusDto extends createZodDto(opportunityStatusSchema) {}
export class UpdateOpportunityDto extends createZodDto(updateOpportunitySchema) {}
