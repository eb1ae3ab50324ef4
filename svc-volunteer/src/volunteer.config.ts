import { z } from 'zod';
import type { ServiceConfig } from '@district/service-kit';

// svc-volunteer's own variables, validated with the common ones at start.
export const volunteerConfigSchema = z.object({
  // How often the archive job looks for past opportunities.
  ARCHIVE_INTERVAL_MS: z.coerce.number().int().min(100, 'must be at least 100').default(60_000),
});

export type VolunteerConfig = ServiceConfig & Partial<z.output<typeof volunteerConfigSchema>>;
