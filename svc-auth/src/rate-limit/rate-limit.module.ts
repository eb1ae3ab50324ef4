import { Module } from '@nestjs/common';
import {
  DEFAULT_RATE_LIMIT_PER_MINUTE,
  RATE_LIMIT_WINDOW_MS,
  RateLimitModule as KitRateLimitModule,
} from '@district/service-kit';
import {
  DEFAULT_REGISTRATIONS_PER_DAY,
  DEFAULT_REGISTRATIONS_PER_MINUTE,
  type AuthConfig,
} from '../auth.config';
import { isRegistration } from './registration-rate-limit';
import { SchoolNetworks } from './school-networks';

const REGISTRATION_DAY_MS = 24 * 60 * 60 * 1000;

// The kit's request limits (RateLimitGuard, counters in Redis, per user or client address) for
// reset requests and avatar uploads (RATE_LIMIT_PER_MINUTE), and registration's own two windows
// (issue 29): per minute, sized for classrooms registering together behind one address, and per
// day, which a script at one address runs into; the day window does not apply inside
// SCHOOL_NETWORKS. Login has its own failure-based backoff (auth/login-throttle.service.ts).
@Module({
  imports: [
    KitRateLimitModule.forRoot<AuthConfig>((config) => {
      const schoolNetworks = new SchoolNetworks(config.SCHOOL_NETWORKS);
      return [
        {
          name: 'minute',
          ttl: RATE_LIMIT_WINDOW_MS,
          limit: (context) =>
            isRegistration(context)
              ? (config.REGISTRATIONS_PER_MINUTE ?? DEFAULT_REGISTRATIONS_PER_MINUTE)
              : (config.RATE_LIMIT_PER_MINUTE ?? DEFAULT_RATE_LIMIT_PER_MINUTE),
        },
        {
          name: 'day',
          ttl: REGISTRATION_DAY_MS,
          limit: config.REGISTRATIONS_PER_DAY ?? DEFAULT_REGISTRATIONS_PER_DAY,
          skipIf: (context) =>
            !isRegistration(context) ||
            schoolNetworks.has(context.switchToHttp().getRequest<{ ip: string }>().ip),
        },
      ];
    }),
  ],
})
export class RateLimitModule {}
