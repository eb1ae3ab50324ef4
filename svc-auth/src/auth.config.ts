import { z } from 'zod';
import {
  addressListSchema,
  mailConfigSchema,
  rateLimitConfigSchema,
  type ServiceConfig,
} from '@district/service-kit';
import {
  districtSignInConfigSchema,
  refineDistrictSignIn,
} from './district-sign-in/district-sign-in.config';

const optionalText = z.string().min(1).optional();

export const DEFAULT_REGISTRATIONS_PER_MINUTE = 120;
export const DEFAULT_REGISTRATIONS_PER_DAY = 500;

// svc-auth's own variables (docs/architecture.md "Services: configuration"), validated with the common ones.
export const authConfigSchema = z
  .object({
    ...mailConfigSchema.shape,
    // Issue 31: the district's OpenID Connect provider.
    ...districtSignInConfigSchema.shape,
    AVATAR_DIR: z.string().min(1),
    // Per route and per user or client address: reset requests, avatar uploads.
    ...rateLimitConfigSchema.shape,
    // Issue 29: registrations per client address. Per minute: two classrooms registering together
    // at once behind their school's one public address. Per day: a script at one address stops
    // there; addresses in SCHOOL_NETWORKS have no daily ceiling (a whole school enrols in a day).
    REGISTRATIONS_PER_MINUTE: z.coerce
      .number()
      .int()
      .min(1)
      .default(DEFAULT_REGISTRATIONS_PER_MINUTE),
    REGISTRATIONS_PER_DAY: z.coerce.number().int().min(1).default(DEFAULT_REGISTRATIONS_PER_DAY),
    // Issue 29: the district's own networks (its schools' public addresses), addresses or CIDRs,
    // comma-separated. Inside them no per-address ceiling applies to failed logins or daily
    // registrations: many schools may share one address there, and every account keeps its own
    // counters (docs/decisions.md "One school, one address").
    SCHOOL_NETWORKS: addressListSchema(),
    SEED_ADMIN_USERNAME: optionalText,
    SEED_ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
    SEED_SUPERVISOR_USERNAME: optionalText,
    SEED_SUPERVISOR_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
    // Where the seeded accounts' reset links go; without one they cannot use "Forgot password".
    SEED_ADMIN_EMAIL: z.email('must be an e-mail address').optional(),
    SEED_SUPERVISOR_EMAIL: z.email('must be an e-mail address').optional(),
    // Issue 20: base URLs of the other services (their own ports, not the gateway), comma-separated;
    // GET /api/user/export asks each for its part on /internal/export.
    EXPORT_SOURCES: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((url) => url.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.url({ protocol: /^https?$/, error: 'must list http(s) URLs' }))),
    // Issue 20 guardian consent: an account still waiting for a guardian after this many days is
    // deleted; the job that does it runs every CONSENT_SWEEP_INTERVAL_MS.
    CONSENT_DEADLINE_DAYS: z.coerce.number().min(0).default(30),
    CONSENT_SWEEP_INTERVAL_MS: z.coerce
      .number()
      .int()
      .min(100, 'must be at least 100')
      .default(3_600_000),
  })
  .superRefine((env, ctx) => {
    refineDistrictSignIn(env, ctx);
    // A username without its password (or the reverse) is a typo, not "no seed".
    for (const role of ['ADMIN', 'SUPERVISOR'] as const) {
      const user = env[`SEED_${role}_USERNAME`];
      const pass = env[`SEED_${role}_PASSWORD`];
      if (Boolean(user) !== Boolean(pass)) {
        const missing = user ? `SEED_${role}_PASSWORD` : `SEED_${role}_USERNAME`;
        ctx.addIssue({
          code: 'custom',
          path: [missing],
          message: `must be set together with its pair`,
        });
      }
    }
  });

export type AuthConfig = ServiceConfig & z.output<typeof authConfigSchema>;

// Cookies get the Secure flag exactly when the public address is https.
export function isSecurePublicUrl(config: Pick<AuthConfig, 'PUBLIC_URL'>): boolean {
  return new URL(config.PUBLIC_URL).protocol === 'https:';
}
