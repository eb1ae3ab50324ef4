import { createZodDto } from 'nestjs-zod';
import {
  consentTokenParamSchema,
  consentUserParamSchema,
  guardianConsentDecisionSchema,
} from '@district/contracts';

export class GuardianConsentDecisionDto extends createZodDto(guardianConsentDecisionSchema) {}
// The token as mailed (base64url); anything else is simply an unknown link.
export class ConsentTokenParamDto extends createZodDto(consentTokenParamSchema) {}
export class ConsentUserParamDto extends createZodDto(consentUserParamSchema) {}
