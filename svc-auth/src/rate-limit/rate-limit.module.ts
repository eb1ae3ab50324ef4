import { Module } from '@nestjs/common';
import { normalizeIp, ThrottlerModule } from '@nestjs/throttler';
import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import type { Redis } from 'ioredis';
import { API_MESSAGES } from '@district/contracts';
import { REDIS, SERVICE_CONFIG, type Identity } from '@district/service-kit';
import {
  DEFAULT_RATE_LIMIT_PER_MINUTE,
  DEFAULT_REGISTRATIONS_PER_DAY,
  DEFAULT_REGISTRATIONS_PER_MINUTE,
  type AuthConfig,
} from '../auth.config';
import { isRegistration } from './rate-limit.guard';
import { SchoolNetworks } from './school-networks';

const RATE_LIMIT_WINDOW_MS = 60_000;
const REGISTRATION_DAY_MS = 24 * 60 * 60 * 1000;

// Request-rate limits for the routes that cost something per call: registration (an account),
// reset requests (a queued mail) and avatar uploads (image work and disk). Routes opt in with
// @UseGuards(RateLimitGuard); each route counts on its own, per signed-in user or else per client
// address. Counters live in Redis (the kit's request client), so every replica sees the same
// ones. Login has its own failure-based backoff (auth/login-throttle.service.ts).
// Registration (issue 29) has its own two windows: per minute, sized for classrooms registering
// together behind one address, and per day, which a script at one address runs into; the day
// window does not apply inside SCHOOL_NETWORKS.
@Module({
  imports: [
    ThrottlerModule.forRootAsync({
      inject: [REDIS, SERVICE_CONFIG],
      useFactory: (redis: Redis, config: AuthConfig) => {
        const schoolNetworks = new SchoolNetworks(config.SCHOOL_NETWORKS);
        return {
          throttlers: [
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
          ],
          storage: new ThrottlerStorageRedisService(redis),
          errorMessage: API_MESSAGES.tooManyRequests,
          // RateLimitGuard writes the RateLimit-* headers itself.
          setHeaders: false,
          getTracker: (request) => {
            const { user, ip } = request as { user?: Identity; ip: string };
            return user ? `user:${user.id}` : `ip:${normalizeIp(ip)}`;
          },
          // Under the deployment's key prefix, readable in redis-cli.
          generateKey: (context, tracker, name) =>
            `${config.BULLMQ_PREFIX}:rate:${context.getClass().name}.${context.getHandler().name}:${name}:${tracker}`,
        };
      },
    }),
  ],
})
export class RateLimitModule {}
