import { z } from 'zod';
import { mailConfigSchema, type ServiceConfig } from '@district/service-kit';

// svc-volunteer's own variables, validated with the common ones at start.
export const volunteerConfigSchema = z.object({
  // How often the archive job looks for past opportunities.
  ARCHIVE_INTERVAL_MS: z.coerce.number().int().min(100, 'must be at least 100').default(60_000),
  // The gateway's public address: calendar feed addresses point there (issue 18).
  PUBLIC_URL: mailConfigSchema.shape.PUBLIC_URL,
});

export type VolunteerConfig = ServiceConfig &
  Partial<z.output<typeof volunteerConfigSchema>> &
  Pick<z.output<typeof volunteerConfigSchema>, 'PUBLIC_URL'>;
