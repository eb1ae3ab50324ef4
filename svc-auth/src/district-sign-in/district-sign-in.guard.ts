import { BadRequestException, Injectable, type ExecutionContext } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { FastifyReply } from 'fastify';
import { DISTRICT_SIGN_IN_PATHS, districtStartQuerySchema } from '@district/contracts';
import { zodErrorBody } from '@district/service-kit';
import type { DistrictOutcome } from './district-sign-in.service';
import {
  DISTRICT_SESSION_KEY,
  DISTRICT_STRATEGY,
  DistrictStrategy,
  refusalFor,
  type DistrictRequest,
} from './district-strategy';
import { PendingSignIns, type PendingRequest } from './pending-sign-ins';

// What the start and callback routes find in request.user.
export type DistrictResult = DistrictOutcome | { kind: 'redirect'; location: string };

// passport's redirect writes to a Node response (setHeader, end); the strategy's redirect to the
// provider is caught here so the controller sends it through Fastify with the pending cookie.
class RedirectCapture {
  statusCode = 302;
  location = '';
  private resolve!: (location: string) => void;
  readonly redirected = new Promise<string>((resolve) => (this.resolve = resolve));

  setHeader(name: string, value: string): void {
    if (name.toLowerCase() === 'location') this.location = value;
  }

  end(): void {
    this.resolve(this.location);
  }
}

// openid-client's strategy through @nestjs/passport on both routes: at the start it builds the
// authorization request (PKCE, state, nonce), at the callback it checks the answer and the ID
// token (signature, issuer, audience, expiry, nonce) and runs DistrictSignInService. Its
// "session" is the pending request in Redis (PendingSignIns). Never throws: every ending is a
// DistrictResult, so the browser always lands on a page of the shell.
@Injectable()
export class DistrictSignInGuard extends AuthGuard(DISTRICT_STRATEGY) {
  private readonly captures = new WeakMap<object, RedirectCapture>();

  constructor(
    private readonly strategy: DistrictStrategy,
    private readonly pending: PendingSignIns,
  ) {
    super({ session: false });
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context
      .switchToHttp()
      .getRequest<DistrictRequest & { user?: DistrictResult }>();
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    // The start's one parameter is checked like any query (400 naming it): the shell only ever
    // sends lang=en or lang=es, so anything else is not a browser of ours.
    if (request.routeOptions.url === DISTRICT_SIGN_IN_PATHS.start) {
      const query = districtStartQuerySchema.safeParse(request.query);
      if (!query.success) throw new BadRequestException(zodErrorBody(query.error));
    }
    request.user = await this.authenticate(context, request, reply);
    return true;
  }

  private async authenticate(
    context: ExecutionContext,
    request: DistrictRequest & { user?: DistrictResult },
    reply: FastifyReply,
  ): Promise<DistrictResult> {
    if (!this.strategy.settings) return { kind: 'refused', reason: 'not-configured' };
    const session: Record<string, unknown> = {};
    request.session = session;
    if (request.routeOptions.url === DISTRICT_SIGN_IN_PATHS.callback) {
      // Single use: a replayed or second callback finds nothing.
      const pending = await this.pending.take<PendingRequest>(request, reply, 'request');
      if (pending) {
        session[DISTRICT_SESSION_KEY] = pending.oidc;
        request.districtLanguage = pending.language;
      }
    } else {
      const query = districtStartQuerySchema.safeParse(request.query);
      request.districtLanguage = query.success ? query.data.lang : undefined;
    }
    try {
      await this.strategy.ready();
    } catch {
      return { kind: 'refused', reason: 'unavailable' };
    }
    const capture = new RedirectCapture();
    this.captures.set(request, capture);
    const ended = await Promise.race([
      (super.canActivate(context) as Promise<boolean>).then(() => ({
        result: request.user as DistrictResult,
      })),
      capture.redirected.then((location) => ({ location })),
    ]);
    if ('result' in ended) return ended.result;
    await this.pending.save(reply, 'request', {
      oidc: session[DISTRICT_SESSION_KEY] as Record<string, unknown>,
      language: request.districtLanguage ?? 'en',
    });
    return { kind: 'redirect', location: ended.location };
  }

  // @nestjs/passport hands this to passport as the response (AuthGuard.getResponse).
  getResponse<T = unknown>(context: ExecutionContext): T {
    return this.captures.get(context.switchToHttp().getRequest()) as T;
  }

  override handleRequest<T>(error: unknown, outcome: T | false): T {
    if (error) return { kind: 'refused', reason: refusalFor(error) } as T;
    // The strategy found no pending request for this browser (too late, or another browser).
    if (!outcome) return { kind: 'refused', reason: 'expired' } as T;
    return outcome;
  }
}
