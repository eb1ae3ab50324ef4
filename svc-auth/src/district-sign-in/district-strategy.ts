import { Inject, Injectable, Logger } from '@nestjs/common';
import passport from 'passport';
import * as oidc from 'openid-client';
import { Strategy, type AuthenticateOptions } from 'openid-client/passport';
import type { FastifyRequest } from 'fastify';
import { DISTRICT_SIGN_IN_PATHS, type DistrictRefusal, type Language } from '@district/contracts';
import { SERVICE_CONFIG } from '@district/service-kit';
import type { AuthConfig } from '../auth.config';
import { districtProviderSettings, type DistrictProviderSettings } from './district-sign-in.config';
import { DistrictSignInService, type DistrictOutcome } from './district-sign-in.service';

export const DISTRICT_STRATEGY = 'district-oidc';
// Where openid-client's strategy keeps the request's PKCE verifier, state and nonce.
export const DISTRICT_SESSION_KEY = 'district';

export interface DistrictRequest extends FastifyRequest {
  session?: Record<string, unknown>;
  districtLanguage?: Language;
}

// openid-client's passport strategy as the platform uses it: `state` and `nonce` on every request
// (the strategy itself adds them only where PKCE or the response type leaves a gap), the district's
// hosted domain, the page language, and URLs as the gateway's public address names them.
class DistrictPassportStrategy extends Strategy {
  constructor(
    config: oidc.Configuration,
    private readonly publicUrl: string,
    private readonly hostedDomain: string | undefined,
    verify: (
      request: DistrictRequest,
      tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers,
    ) => Promise<DistrictOutcome>,
  ) {
    super(
      {
        config,
        name: DISTRICT_STRATEGY,
        sessionKey: DISTRICT_SESSION_KEY,
        scope: 'openid email profile',
        callbackURL: new URL(DISTRICT_SIGN_IN_PATHS.callback, publicUrl),
        passReqToCallback: true,
      },
      (request, tokens, verified) => {
        verify(request as unknown as DistrictRequest, tokens).then(
          (outcome) => verified(null, outcome),
          (error: unknown) => verified(error as Error),
        );
      },
    );
  }

  override authorizationRequestParams<T extends AuthenticateOptions>(
    request: Parameters<Strategy['authorizationRequestParams']>[0],
    options: T,
  ): URLSearchParams {
    const params = new URLSearchParams(super.authorizationRequestParams(request, options));
    params.set('state', oidc.randomState());
    params.set('nonce', oidc.randomNonce());
    if (this.hostedDomain) params.set('hd', this.hostedDomain);
    const language = (request as unknown as DistrictRequest).districtLanguage;
    if (language) params.set('ui_locales', language);
    return params;
  }

  // Behind the gateway: the address the browser used is PUBLIC_URL's.
  override currentUrl(request: Parameters<Strategy['currentUrl']>[0]): URL {
    return new URL((request as unknown as FastifyRequest).url, this.publicUrl);
  }
}

// The district's provider, found through its discovery document the first time someone signs in
// (svc-auth starts, and stays up, while the provider is away), then registered with passport.
@Injectable()
export class DistrictStrategy {
  readonly settings: DistrictProviderSettings | null;
  private readonly publicUrl: string;
  private configuration: Promise<oidc.Configuration> | null = null;
  private readonly logger = new Logger('DistrictSignIn');

  constructor(
    @Inject(SERVICE_CONFIG) config: AuthConfig,
    private readonly accounts: DistrictSignInService,
  ) {
    this.settings = districtProviderSettings(config);
    this.publicUrl = config.PUBLIC_URL;
  }

  // Resolves once passport knows the strategy; rejects while the provider cannot be reached.
  ready(): Promise<oidc.Configuration> {
    this.configuration ??= this.discover().catch((error: unknown) => {
      this.configuration = null;
      this.logger.warn(`district provider discovery failed: ${String(error)}`);
      throw error;
    });
    return this.configuration;
  }

  // Where to send the browser to end its session at the provider too, when the provider says it
  // can (RP-initiated logout); null otherwise.
  async endSessionUrl(): Promise<string | null> {
    if (!this.settings) return null;
    try {
      const config = await this.ready();
      if (!config.serverMetadata().end_session_endpoint) return null;
      return oidc
        .buildEndSessionUrl(config, {
          client_id: this.settings.clientId,
          post_logout_redirect_uri: new URL('/auth', this.publicUrl).href,
        })
        .toString();
    } catch {
      return null;
    }
  }

  private async discover(): Promise<oidc.Configuration> {
    const settings = this.settings;
    if (!settings) throw new Error('district sign-in is not configured');
    const issuer = new URL(settings.issuer);
    const config = await oidc.discovery(
      issuer,
      settings.clientId,
      undefined,
      oidc.ClientSecretBasic(settings.clientSecret),
      // Plain http only for a provider on this machine (development and tests).
      isLoopback(issuer) ? { execute: [oidc.allowInsecureRequests] } : undefined,
    );
    // The ID token's signature is checked even though it came straight from the token endpoint.
    oidc.enableNonRepudiationChecks(config);
    passport.use(
      DISTRICT_STRATEGY,
      new DistrictPassportStrategy(
        config,
        this.publicUrl,
        settings.hostedDomain,
        (request, tokens) =>
          this.accounts.signIn(
            { issuer: config.serverMetadata().issuer, ...claimsOf(tokens.claims()) },
            request.districtLanguage ?? 'en',
          ),
      ),
    );
    return config;
  }
}

// Plain http is allowed only for a provider on this machine: loopback addresses and `*.localhost`
// names (RFC 6761; docker-compose's development provider is district-idp.localhost).
function isLoopback(url: URL): boolean {
  const host = url.hostname;
  return (
    url.protocol === 'http:' &&
    (['127.0.0.1', 'localhost', '[::1]'].includes(host) || host.endsWith('.localhost'))
  );
}

function claimsOf(claims: oidc.IDToken | undefined) {
  if (!claims) throw new Error('the provider sent no ID token');
  return {
    subject: claims.sub,
    email: typeof claims.email === 'string' ? claims.email : undefined,
    // Entra ID sends no email_verified; its optional claim xms_edov says the same (the address's
    // domain is verified by the tenant that owns it).
    emailVerified: claims.email_verified === true || claims.xms_edov === true,
    name: typeof claims.name === 'string' ? claims.name : undefined,
    school: typeof claims.school === 'string' ? claims.school : undefined,
    grade: claims.grade,
    hostedDomain: typeof claims.hd === 'string' ? claims.hd : undefined,
  };
}

// Why openid-client refused the provider's answer, as the refusal page words it.
export function refusalFor(error: unknown): DistrictRefusal {
  if (error instanceof oidc.AuthorizationResponseError) return 'cancelled';
  // The token endpoint refused the code: used already, or too old.
  if (error instanceof oidc.ResponseBodyError) return 'expired';
  if (error instanceof oidc.ClientError) {
    const detail = `${error.message} ${error.cause instanceof Error ? error.cause.message : ''}`;
    if (error.code === 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED' && /"exp"/.test(detail))
      return 'token-expired';
    if (/"state"/.test(detail)) return 'state-mismatch';
    if (error.code === 'OAUTH_RESPONSE_IS_NOT_CONFORM') return 'unavailable';
    return 'token-invalid';
  }
  // fetch failed: the provider did not answer.
  if (error instanceof TypeError) return 'unavailable';
  return 'token-invalid';
}
