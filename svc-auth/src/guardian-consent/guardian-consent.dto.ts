import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { guardianConsentDecisionSchema, TEXT_LIMITS } from '@district/contracts';

export class GuardianConsentDecisionDto extends createZodDto(guardianConsentDecisionSchema) {}
// The token as mailed (base64url); anything else is simply an unknown link.
export class ConsentTokenParamDto extends createZodDto(
  z.object({ token: z.string().min(1).max(TEXT_LIMITS.resetToken) }),
) {}
export class ConsentUserParamDto extends createZodDto(
  z.object({ userId: z.coerce.number().int().positive() }),
) {}
