import {
  BadRequestException,
  ExecutionContext,
  HttpException,
  Injectable,
  UnauthorizedException,
} from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_MESSAGES, loginSchema } from '@district/contracts';
import { zodErrorBody } from '@district/service-kit';
import { LoginThrottle, throttleMessage } from './login-throttle.service';
import { LOCAL_STRATEGY } from './local.strategy';

// passport-local behind three checks it does not do itself: the body's shape (400 naming the
// field, since guards run before pipes), the failure counters (429), and the one 401 message.
@Injectable()
export class LocalAuthGuard extends AuthGuard(LOCAL_STRATEGY) {
  constructor(private readonly throttle: LoginThrottle) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const parsed = loginSchema.safeParse(request.body ?? {});
    if (!parsed.success) throw new BadRequestException(zodErrorBody(parsed.error));
    request.body = parsed.data;
    const { username } = parsed.data;

    const verdict = await this.throttle.check(request.ip, username);
    if (verdict.blocked) {
      void reply.header('retry-after', String(verdict.retryAfterSeconds));
      const message = throttleMessage(verdict.retryAfterSeconds);
      throw new HttpException({ statusCode: 429, message }, 429);
    }
    try {
      await super.canActivate(context);
    } catch (error) {
      if (error instanceof UnauthorizedException)
        await this.throttle.recordFailure(request.ip, username);
      throw error;
    }
    await this.throttle.recordSuccess(username);
    return true;
  }

  override handleRequest<T>(error: unknown, user: T | false): T {
    if (error) throw error;
    if (!user) throw new UnauthorizedException(API_MESSAGES.invalidCredentials);
    return user;
  }
}
