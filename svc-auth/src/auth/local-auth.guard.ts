import {
  BadRequestException,
  ExecutionContext,
  Inject,
  HttpException,
  Injectable,
  UnauthorizedException,
} from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_MESSAGES, loginSchema } from '@district/contracts';
import {
  SERVICE_METRICS,
  zodErrorBody,
  type Counter,
  type ServiceMetrics,
} from '@district/service-kit';
import { DeviceCookie } from './device-cookie';
import { LoginThrottle, throttleResponse, type LoginAttempt } from './login-throttle.service';
import { LOCAL_STRATEGY } from './local.strategy';

// passport-local behind three checks it does not do itself: the body's shape (400 naming the
// field, since guards run before pipes), the failure counters (429, login-throttle.service.ts),
// and the one 401 message.
@Injectable()
export class LocalAuthGuard extends AuthGuard(LOCAL_STRATEGY) {
  constructor(
    private readonly throttle: LoginThrottle,
    private readonly devices: DeviceCookie,
    @Inject(SERVICE_METRICS) metrics: ServiceMetrics,
  ) {
    super();
    this.throttled = metrics.counter({
      name: 'auth_logins_throttled_total',
      help: 'Sign-in attempts refused with 429 by the failure counters',
    });
  }

  private readonly throttled: Counter;

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const parsed = loginSchema.safeParse(request.body ?? {});
    if (!parsed.success) throw new BadRequestException(zodErrorBody(parsed.error));
    request.body = parsed.data;
    const { username } = parsed.data;
    // request.ip: the client address as the proxy set-up resolves it (trustProxy).
    const attempt: LoginAttempt = {
      ip: request.ip,
      username,
      device: this.devices.read(request, username),
    };

    const verdict = await this.throttle.check(attempt);
    if (verdict.blocked) {
      this.throttled.inc();
      // One number for the header and the text (issue 29). No RateLimit-* headers here: this is
      // a failure backoff, not a request quota, and a count of free guesses left would only help
      // the guesser (docs/architecture.md "Errors").
      const { retryAfterSeconds, message } = throttleResponse(verdict.retryAfterSeconds);
      void reply.header('retry-after', String(retryAfterSeconds));
      throw new HttpException({ statusCode: 429, message }, 429);
    }
    try {
      await super.canActivate(context);
    } catch (error) {
      if (error instanceof UnauthorizedException) await this.throttle.recordFailure(attempt);
      throw error;
    }
    await this.throttle.recordSuccess(attempt);
    // Known from now on: next time this browser is not slowed by others' failures.
    this.devices.set(reply, username);
    return true;
  }

  override handleRequest<T>(error: unknown, user: T | false): T {
    if (error) throw error;
    if (!user) throw new UnauthorizedException(API_MESSAGES.invalidCredentials);
    return user;
  }
}
