import { z } from 'zod';
import type { ServiceConfig } from '@district/service-kit';

// svc-volunteer's own variables, validated with the common ones at start.
export const volunteerConfigSchema = z.object({
  // How often the archive job looks for past opportunities.
  ARCHIVE_INTERVAL_MS: z.coerce.number().int().min(100, 'must be at least 100').default(60_000),
  // Key of the rotating check-in codes (issue 18); unset: derived from IDENTITY_SECRET.
  CHECK_IN_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
});

export type VolunteerConfig = ServiceConfig & Partial<z.output<typeof volunteerConfigSchema>>;
