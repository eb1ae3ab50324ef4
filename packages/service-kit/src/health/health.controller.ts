import {
  Controller,
  Get,
  Inject,
  Optional,
  Res,
  ServiceUnavailableException,
} from '@nestjs/common';
import {
  HealthCheckService,
  HealthIndicatorService,
  TypeOrmHealthIndicator,
  type HealthCheckResult,
  type HealthIndicatorFunction,
} from '@nestjs/terminus';
import type { FastifyReply } from 'fastify';
import { DataSource } from 'typeorm';
import type { Redis } from 'ioredis';
import { Public } from '../identity/identity.decorators';
import { REDIS } from '../redis/redis';
import { RETRY_AFTER_SECONDS } from '../errors/dependency-outage';

const CHECK_TIMEOUT_MS = 2_000;

// On each service's own port only; the gateway does not route /health.
@Public()
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    private readonly typeOrm: TypeOrmHealthIndicator,
    @Inject(REDIS) private readonly redis: Redis,
    @Optional() private readonly dataSource?: DataSource,
  ) {}

  @Get('live')
  live() {
    return { status: 'ok' };
  }

  // 200 {status:'ok', checks} or 503 {statusCode, message, status:'unavailable', missing:[…]}:
  // the error shape plus the names of the dependencies that did not answer, the same in every
  // service (issue 15.2). Terminus runs the checks; only its answer is mapped to this contract.
  @Get('ready')
  async ready(@Res({ passthrough: true }) reply: FastifyReply) {
    const checks: HealthIndicatorFunction[] = [
      () =>
        this.indicators
          .check('redis')
          .attempt(async () => {
            await this.redis.ping();
          })
          .withTimeout(CHECK_TIMEOUT_MS),
    ];
    const dataSource = this.dataSource;
    if (dataSource) {
      checks.push(() =>
        this.typeOrm.pingCheck('database', { connection: dataSource, timeout: CHECK_TIMEOUT_MS }),
      );
    }
    // check() throws a 503 carrying the same result when something is down.
    const result = await this.health.check(checks).catch((error: unknown) => {
      if (error instanceof ServiceUnavailableException)
        return error.getResponse() as HealthCheckResult;
      throw error;
    });
    const names = Object.keys(result.details).sort();
    const missing = names.filter((name) => result.details[name].status !== 'up');
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
    return { status: 'ok', checks: Object.fromEntries(names.map((name) => [name, 'ok'])) };
  }
}
