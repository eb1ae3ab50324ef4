import { Controller, Get, Inject, Optional, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { DataSource } from 'typeorm';
import type { Redis } from 'ioredis';
import { Public } from '../identity/identity.decorators';
import { REDIS } from '../redis/redis';
import { RETRY_AFTER_SECONDS } from '../errors/dependency-outage';

const CHECK_TIMEOUT_MS = 2_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timed out')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

// On each service's own port only; the gateway does not route /health.
@Public()
@Controller('health')
export class HealthController {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Optional() private readonly dataSource?: DataSource,
  ) {}

  @Get('live')
  live() {
    return { status: 'ok' };
  }

  // 200 {status:'ok', checks} or 503 {statusCode, message, status:'unavailable', missing:[…]}:
  // the error shape plus the names of the dependencies that did not answer, the same in every
  // service (issue 15.2).
  @Get('ready')
  async ready(@Res({ passthrough: true }) reply: FastifyReply) {
    const checks: Record<string, 'ok' | 'down'> = {};
    const probes: Array<Promise<void>> = [];
    if (this.dataSource) {
      probes.push(
        withTimeout(this.dataSource.query('SELECT 1'), CHECK_TIMEOUT_MS).then(
          () => void (checks.database = 'ok'),
          () => void (checks.database = 'down'),
        ),
      );
    }
    probes.push(
      withTimeout(this.redis.ping(), CHECK_TIMEOUT_MS).then(
        () => void (checks.redis = 'ok'),
        () => void (checks.redis = 'down'),
      ),
    );
    await Promise.all(probes);
    const missing = Object.keys(checks)
      .filter((name) => checks[name] !== 'ok')
      .sort();
    if (missing.length > 0) {
      void reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .header('cache-control', 'no-store');
      return {
        statusCode: 503,
        message: `Not ready: ${missing.join(', ')} unavailable`,
        status: 'unavailable',
        missing,
      };
    }
    return { status: 'ok', checks };
  }
}
