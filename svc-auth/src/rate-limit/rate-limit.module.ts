import { Module } from '@nestjs/common';
import { normalizeIp, ThrottlerModule } from '@nestjs/throttler';
import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import type { Redis } from 'ioredis';
import { API_MESSAGES } from '@district/contracts';
import { REDIS, SERVICE_CONFIG, type Identity } from '@district/service-kit';
import type { AuthConfig } from '../auth.config';

export const RATE_LIMIT_WINDOW_MS = 60_000;

// Request-rate limits for the routes that cost something per call: registration (an account),
// reset requests (a queued mail) and avatar uploads (image work and disk). Routes opt in with
// @UseGuards(ThrottlerGuard); each route counts on its own, per signed-in user or else per client
// address. Counters live in Redis (the kit's request client), so every replica sees the same
// ones. Login has its own failure-based backoff (auth/login-throttle.service.ts).
@Module({
  imports: [
    ThrottlerModule.forRootAsync({
      inject: [REDIS, SERVICE_CONFIG],
      useFactory: (redis: Redis, config: AuthConfig) => ({
        throttlers: [{ ttl: RATE_LIMIT_WINDOW_MS, limit: config.RATE_LIMIT_PER_MINUTE }],
        storage: new ThrottlerStorageRedisService(redis),
        errorMessage: API_MESSAGES.tooManyRequests,
        getTracker: (request) => {
          const { user, ip } = request as { user?: Identity; ip: string };
          return user ? `user:${user.id}` : `ip:${normalizeIp(ip)}`;
        },
        // Under the deployment's key prefix, readable in redis-cli.
        generateKey: (context, tracker, name) =>
          `${config.BULLMQ_PREFIX}:rate:${context.getClass().name}.${context.getHandler().name}:${name}:${tracker}`,
      }),
    }),
  ],
})
export class RateLimitModule {}
