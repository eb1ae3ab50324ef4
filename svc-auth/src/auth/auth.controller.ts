import {
  Body,
  Controller,
  Get,
  HttpCode,
  Post,
  Query,
  Req,
  Res,
  UnauthorizedException,
  UseGuards,
} from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_MESSAGES, type RegisterOptions } from '@district/contracts';
import { Public, RateLimitGuard, requestLanguage } from '@district/service-kit';
import { SessionCookie } from '../sessions/session-cookie.service';
import { SessionStore } from '../sessions/session-store';
import { SignInSession } from '../sessions/sign-in-session';
import { UserRefs, type OwnUserView } from '../users/user-ref';
import type { UserView } from '../users/user-view';
import { CurrentUserQueryDto, RegisterDto } from './auth.dto';
import { AuthService } from './auth.service';
import { RegistrationRateLimit } from '../rate-limit/registration-rate-limit';
import { DeviceCookie } from './device-cookie';
import { LocalAuthGuard } from './local-auth.guard';

// Public routes: svc-auth reads its own cookie here; the gateway does not send an identity.
@Public()
@Controller('api')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly sessions: SessionStore,
    private readonly cookie: SessionCookie,
    private readonly devices: DeviceCookie,
    private readonly refs: UserRefs,
    private readonly signIn: SignInSession,
  ) {}

  @Post('register')
  @HttpCode(200)
  @UseGuards(RateLimitGuard)
  @RegistrationRateLimit()
  async register(
    @Body() body: RegisterDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<OwnUserView> {
    // Issue 22: the registering browser's language is the account's first choice.
    const user = await this.auth.register(body, requestLanguage(request.headers));
    await this.signIn.start(request, reply, user.id);
    // The browser that created the account is known to it from the start (login throttling).
    this.devices.set(reply, body.username);
    return this.refs.withRef(user);
  }

  // Issue 20: whether the Register form asks for a date of birth (guardian consent mode).
  @Get('register/options')
  registerOptions(): Promise<RegisterOptions> {
    return this.auth.registerOptions();
  }

  @Post('login')
  @HttpCode(200)
  @UseGuards(LocalAuthGuard)
  async login(
    @Req() request: FastifyRequest & { user?: UserView },
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<OwnUserView> {
    const user = request.user as UserView;
    await this.signIn.start(request, reply, user.id);
    return this.refs.withRef(user);
  }

  // 200 even without a session: the client only wants to end up signed out.
  @Post('logout')
  @HttpCode(200)
  async logout(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    await this.sessions.destroy(this.cookie.read(request));
    this.cookie.clear(reply);
    return { message: 'Logged out' };
  }

  // Hot path: one Redis round trip and one primary-key query. The reply is sent here (no
  // passthrough): ?optional=1 answers 204, which Nest's own reply would turn into a 200.
  @Get('user')
  async currentUser(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @Query() query: CurrentUserQueryDto,
  ): Promise<void> {
    const sid = this.cookie.read(request);
    const session = await this.sessions.resolve(sid);
    const user = session ? await this.auth.currentUser(session.userId) : null;
    // Personal data (or its absence): no shared or browser cache may keep it.
    void reply.header('cache-control', 'no-store');
    if (!session || !user) {
      if (sid !== undefined) this.cookie.clear(reply);
      if (session) void this.sessions.destroy(sid);
      if (query.optional) return void reply.code(204).send();
      throw new UnauthorizedException(API_MESSAGES.unauthorized);
    }
    // Keep the browser's cookie as long-lived as the server-side session it points to.
    if (session.refreshed) this.cookie.set(reply, sid as string);
    const view: OwnUserView = this.refs.withRef(user);
    void reply.send(view);
  }
}
