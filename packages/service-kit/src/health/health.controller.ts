import { Controller, Get, HttpException, HttpStatus, Inject, Optional } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Redis } from 'ioredis';
import { Public } from '../identity/identity.decorators';
import { REDIS } from '../redis/redis';

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

  @Get('ready')
  async ready() {
    const checks: Record<string, 'ok' | 'down'> = {};
    if (this.dataSource) {
      checks.database = await withTimeout(this.dataSource.query('SELECT 1'), CHECK_TIMEOUT_MS).then(
        () => 'ok' as const,
        () => 'down' as const,
      );
    }
    checks.redis = await withTimeout(this.redis.ping(), CHECK_TIMEOUT_MS).then(
      () => 'ok' as const,
      () => 'down' as const,
    );
    const down = Object.keys(checks).filter((name) => checks[name] !== 'ok');
    if (down.length > 0) {
      throw new HttpException(
        { statusCode: 503, message: `Not ready: ${down.join(', ')} unavailable` },
        HttpStatus.SERVICE_UNAVAILABLE,
      );
    }
    return { status: 'ok', checks };
  }
}
