import { z } from 'zod';
import { mailConfigSchema, rateLimitConfigSchema, type ServiceConfig } from '@district/service-kit';

// An IANA zone name the runtime knows (Intl throws a RangeError for any other).
const timeZone = z
  .string()
  .min(1)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'must be an IANA time zone, e.g. America/Chicago');

const DEFAULT_DISTRICT_TIME_ZONE = 'America/Chicago';

// svc-volunteer's own variables, validated with the common ones at start.
export const volunteerConfigSchema = z.object({
  // How often the archive job looks for past opportunities.
  ARCHIVE_INTERVAL_MS: z.coerce.number().int().min(100, 'must be at least 100').default(60_000),
  // The gateway's public address: calendar feed addresses point there (issue 18).
  PUBLIC_URL: mailConfigSchema.shape.PUBLIC_URL,
  // Reminders before events (issue 18). The lead times are variables so tests can fire them in
  // seconds; the defaults are production's.
  // The e-mail goes this long before the start (the day before).
  REMINDER_DAY_BEFORE_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(24 * 3600_000),
  // The in-app toast comes at this district time on the event's day...
  REMINDER_TODAY_AT: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be HH:MM')
    .default('07:00'),
  // ...or this long before the start for those who sign up after that time (or when the event
  // starts too early in the day for it).
  REMINDER_TODAY_LEAD_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(2 * 3600_000),
  // The district's time zone (issue 29): "the day" of an event, the times written in reminders,
  // and the zone (TZID, with its VTIMEZONE) of calendar files. REMINDER_TIME_ZONE is its older
  // name, still read when DISTRICT_TIME_ZONE is unset.
  DISTRICT_TIME_ZONE: timeZone.optional(),
  REMINDER_TIME_ZONE: timeZone.optional(),
  // How often the sweep re-adds reminder jobs a crash kept from being queued.
  REMINDER_SWEEP_INTERVAL_MS: z.coerce.number().int().min(100).default(600_000),
  // Key of the rotating check-in codes (issue 18); unset: derived from IDENTITY_SECRET.
  CHECK_IN_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  // Issue 33: where uploaded event photos are stored (re-encoded, like svc-auth's AVATAR_DIR).
  PHOTO_DIR: z.string().min(1),
  // Photo uploads per minute per user (image work and disk), as svc-auth's avatar uploads.
  ...rateLimitConfigSchema.shape,
});

export type VolunteerConfig = ServiceConfig &
  Partial<z.output<typeof volunteerConfigSchema>> &
  Pick<z.output<typeof volunteerConfigSchema>, 'PUBLIC_URL' | 'PHOTO_DIR'>;

export function districtTimeZone(config: z.output<typeof volunteerConfigSchema>): string {
  return config.DISTRICT_TIME_ZONE ?? config.REMINDER_TIME_ZONE ?? DEFAULT_DISTRICT_TIME_ZONE;
}
