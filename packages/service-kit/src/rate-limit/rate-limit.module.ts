import { Module, type DynamicModule } from '@nestjs/common';
import { normalizeIp, ThrottlerModule, type ThrottlerOptions } from '@nestjs/throttler';
import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { API_MESSAGES } from '@district/contracts';
import { SERVICE_CONFIG } from '../config/service-config.token';
import type { ServiceConfig } from '../config/service-config';
import type { Identity } from '../identity/identity.types';
import { REDIS } from '../redis/redis';

export const RATE_LIMIT_WINDOW_MS = 60_000;
// RATE_LIMIT_PER_MINUTE's default.
export const DEFAULT_RATE_LIMIT_PER_MINUTE = 30;

// Merged into a service's own config schema when it limits a route (svc-auth, svc-volunteer).
export const rateLimitConfigSchema = z.object({
  // Per route and per user or client address.
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(DEFAULT_RATE_LIMIT_PER_MINUTE),
});

// Request-rate limits for the routes that cost something per call (an account, a queued mail,
// image work and disk). Routes opt in with @UseGuards(RateLimitGuard); each route counts on its
// own, per signed-in user or else per client address. Counters live in Redis (the kit's request
// client), so every replica sees the same ones. `throttlers` gives the windows from the
// service's config; by default one window of RATE_LIMIT_PER_MINUTE a minute.
@Module({})
export class RateLimitModule {
  static forRoot<C extends ServiceConfig & { RATE_LIMIT_PER_MINUTE?: number }>(
    throttlers: (config: C) => ThrottlerOptions[] = (config) => [
      {
        name: 'minute',
        ttl: RATE_LIMIT_WINDOW_MS,
        limit: config.RATE_LIMIT_PER_MINUTE ?? DEFAULT_RATE_LIMIT_PER_MINUTE,
      },
    ],
  ): DynamicModule {
    return {
      module: RateLimitModule,
      imports: [
        ThrottlerModule.forRootAsync({
          inject: [REDIS, SERVICE_CONFIG],
          useFactory: (redis: Redis, config: C) => ({
            throttlers: throttlers(config),
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
          }),
        }),
      ],
      exports: [ThrottlerModule],
    };
  }
}
