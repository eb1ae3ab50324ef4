import {
  Body,
  Controller,
  Get,
  HttpCode,
  HttpException,
  NotFoundException,
  Param,
  Post,
  Req,
  Res,
  UnauthorizedException,
  UseGuards,
} from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  API_MESSAGES,
  DISTRICT_SESSION_HINT_COOKIE,
  DISTRICT_SIGN_IN_PAGES,
  DISTRICT_SIGN_IN_PATHS,
  type DistrictPendingLink,
  type DistrictSignInOptions,
} from '@district/contracts';
import { Public } from '@district/service-kit';
import { LoginThrottle, throttleResponse } from '../auth/login-throttle.service';
import { SignInSession } from '../sessions/sign-in-session';
import { UserRefs, type OwnUserView } from '../users/user-ref';
import { DistrictClaimService } from './district-claim.service';
import { DistrictClaimParamDto, DistrictLinkDto } from './district-sign-in.dto';
import { DistrictSignInGuard, type DistrictResult } from './district-sign-in.guard';
import { DistrictSignInService } from './district-sign-in.service';
import { DistrictStrategy } from './district-strategy';
import { PendingSignIns, type PendingLink } from './pending-sign-ins';

// Issue 31. Public: svc-auth reads its own cookies here, like the password login.
@Public()
@Controller()
export class DistrictSignInController {
  constructor(
    private readonly strategy: DistrictStrategy,
    private readonly accounts: DistrictSignInService,
    private readonly pending: PendingSignIns,
    private readonly signIn: SignInSession,
    private readonly throttle: LoginThrottle,
    private readonly refs: UserRefs,
    private readonly claims: DistrictClaimService,
  ) {}

  @Get(DISTRICT_SIGN_IN_PATHS.options)
  async options(): Promise<DistrictSignInOptions> {
    const settings = this.strategy.settings;
    return {
      enabled: settings !== null,
      accountName: settings?.accountName ?? '',
      helpContact: settings?.helpContact ?? '',
      logoutUrl: await this.strategy.endSessionUrl(),
    };
  }

  // A navigation, not a fetch: every answer is a redirect (to the provider, or to a shell page).
  @Get(DISTRICT_SIGN_IN_PATHS.start)
  @UseGuards(DistrictSignInGuard)
  start(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.finish(request, reply);
  }

  @Get(DISTRICT_SIGN_IN_PATHS.callback)
  @UseGuards(DistrictSignInGuard)
  callback(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.finish(request, reply);
  }

  // The password page: whose account the district sign-in found (404: none waiting, e.g. too late;
  // the page says so in its own words).
  @Get(DISTRICT_SIGN_IN_PATHS.link)
  async pendingLink(@Req() request: FastifyRequest): Promise<DistrictPendingLink> {
    const pending = await this.pending.peek<PendingLink>(request, 'link');
    const account = pending ? await this.accounts.usernameOf(pending.userId) : null;
    if (!account) throw new NotFoundException(API_MESSAGES.notFound);
    return account;
  }

  // The owner's password links the account; the same failure counters as the login guard it
  // (a district account must not become a way round them).
  @Post(DISTRICT_SIGN_IN_PATHS.link)
  @HttpCode(200)
  async link(
    @Body() body: DistrictLinkDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<OwnUserView> {
    const pending = await this.pending.peek<PendingLink>(request, 'link');
    const account = pending ? await this.accounts.usernameOf(pending.userId) : null;
    if (!pending || !account) throw new NotFoundException(API_MESSAGES.notFound);
    const attempt = { ip: request.ip, username: account.username, device: undefined };
    const verdict = await this.throttle.check(attempt);
    if (verdict.blocked) {
      const { retryAfterSeconds, message } = throttleResponse(verdict.retryAfterSeconds);
      void reply.header('retry-after', String(retryAfterSeconds));
      throw new HttpException({ statusCode: 429, message }, 429);
    }
    const user = await this.accounts.linkWithPassword(pending, body.password);
    if (!user) {
      await this.throttle.recordFailure(attempt);
      throw new UnauthorizedException(API_MESSAGES.wrongPassword);
    }
    await this.throttle.recordSuccess(attempt);
    await this.pending.take(request, reply, 'link');
    await this.startSession(request, reply, user.id);
    return this.refs.withRef(user);
  }

  // "I never made a password here": a one-time link to the account's address (the district
  // account's, verified by the provider). The password page stays usable meanwhile.
  @Post(DISTRICT_SIGN_IN_PATHS.claim)
  @HttpCode(204)
  async requestClaim(@Req() request: FastifyRequest): Promise<void> {
    const pending = await this.pending.peek<PendingLink>(request, 'link');
    if (!pending || !(await this.accounts.usernameOf(pending.userId)))
      throw new NotFoundException(API_MESSAGES.notFound);
    await this.claims.request(pending);
  }

  // The e-mailed link (a navigation: every answer is a redirect). In the browser that asked for
  // it, home signed in; elsewhere (the mail opened on a phone, or a mail filter opening links),
  // on through the district's sign-in, which now opens the account: no session is handed to
  // whoever merely holds the link.
  @Get(`${DISTRICT_SIGN_IN_PATHS.claim}/:token`)
  async openClaim(
    @Param() { token }: DistrictClaimParamDto,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    void reply.header('cache-control', 'no-store');
    void reply.header('referrer-policy', 'no-referrer');
    const claimed = await this.claims.claim(token);
    if (!claimed)
      return void reply.redirect(
        `${DISTRICT_SIGN_IN_PAGES.refused}?reason=claim-link-invalid`,
        302,
      );
    const pending = await this.pending.peek<PendingLink>(request, 'link');
    if (pending?.userId === claimed.userId && pending.subject === claimed.subject) {
      await this.pending.take(request, reply, 'link');
      await this.startSession(request, reply, claimed.userId);
      return void reply.redirect('/', 302);
    }
    return void reply.redirect(`${DISTRICT_SIGN_IN_PATHS.start}?lang=${claimed.language}`, 302);
  }

  // The platform session exactly as the password login makes it, and the hint for sign-out.
  private async startSession(request: FastifyRequest, reply: FastifyReply, userId: number) {
    await this.signIn.start(request, reply, userId);
    void reply.setCookie(DISTRICT_SESSION_HINT_COOKIE, '1', {
      path: '/',
      sameSite: 'lax',
      secure: this.pending.secure,
    });
  }

  private async finish(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const result = (request as FastifyRequest & { user: DistrictResult }).user;
    void reply.header('cache-control', 'no-store');
    switch (result.kind) {
      case 'redirect':
        return void reply.redirect(result.location, 302);
      case 'signed-in':
        await this.startSession(request, reply, result.userId);
        return void reply.redirect('/', 302);
      case 'confirm-password':
        await this.pending.save(reply, 'link', result.link);
        return void reply.redirect(DISTRICT_SIGN_IN_PAGES.confirmPassword, 302);
      case 'refused':
        return void reply.redirect(
          `${DISTRICT_SIGN_IN_PAGES.refused}?reason=${encodeURIComponent(result.reason)}`,
          302,
        );
    }
  }
}
