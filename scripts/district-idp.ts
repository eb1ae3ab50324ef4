// The local district identity provider: a real OpenID Connect provider (the `oidc-provider`
// package) standing where the district's Google Workspace or Entra ID stands in production, so
// development and every test sign in through the real protocol: discovery, the authorization code
// flow with PKCE, a login page, ID tokens signed with a key published at its JWKS address, and
// RP-initiated logout. Its people are in district-idp-accounts.ts.
//
// `npm start` and the e2e suite start it in-process (scripts/platform.ts); svc-auth's integration
// tests and docker-compose run this file directly:
//   DISTRICT_IDP_PORT (0: a free one)  DISTRICT_IDP_ISSUER (default http://127.0.0.1:<port>)
//   DISTRICT_IDP_CLIENT_ID  DISTRICT_IDP_CLIENT_SECRET  DISTRICT_IDP_REDIRECT_URIS (comma-separated)
//   DISTRICT_IDP_POST_LOGOUT_URIS  DISTRICT_IDP_TEST_CONTROLS=1 (see `misissueNextIdToken`)
// It prints one JSON line {"issuer": ...} once it listens.
import { createSign, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration } from 'oidc-provider';
import { DISTRICT_ACCOUNTS, type DistrictAccount } from './district-idp-accounts.ts';

export interface DistrictIdpClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  postLogoutRedirectUris?: string[];
}

export interface DistrictIdpOptions {
  port?: number;
  host?: string;
  // The issuer as browsers and the platform reach it (default http://<host>:<port>).
  issuer?: string;
  clients: DistrictIdpClient[];
  accounts?: readonly DistrictAccount[];
  // Tests only: lets a test make the provider issue its next ID token wrongly (misissue).
  testControls?: boolean;
}

// What a test may ask the provider to get wrong in the next ID token it issues: a token for
// another client, one already expired, or one signed with a key the provider never published.
export interface Misissue {
  audience?: string;
  expiredSecondsAgo?: number;
  foreignKey?: boolean;
}

export interface DistrictIdp {
  issuer: string;
  port: number;
  misissueNextIdToken(misissue: Misissue): void;
  stop(): Promise<void>;
}

const KEY_ID = 'district-idp-dev';

export async function startDistrictIdp(options: DistrictIdpOptions): Promise<DistrictIdp> {
  const host = options.host ?? '127.0.0.1';
  const accounts = options.accounts ?? DISTRICT_ACCOUNTS;
  const server = createServer();
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve((server.address() as AddressInfo).port));
  });
  const issuer = options.issuer ?? `http://${host}:${port}`;

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const signingKey = {
    ...privateKey.export({ format: 'jwk' }),
    kid: KEY_ID,
    alg: 'RS256',
    use: 'sig',
  };

  const configuration: Configuration = {
    clients: options.clients.map((client) => ({
      client_id: client.clientId,
      client_secret: client.clientSecret,
      redirect_uris: client.redirectUris,
      post_logout_redirect_uris: client.postLogoutRedirectUris ?? [],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    })),
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    // The platform reads e-mail, name, school and grade from the ID token, as from Google's.
    conformIdTokenClaims: false,
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'school', 'grade'],
    },
    scopes: ['openid', 'email', 'profile'],
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: { enabled: true },
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) => {
      const account = accounts.find((a) => a.sub === sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: () => ({
          sub,
          email: account.email,
          email_verified: account.emailVerified,
          name: `${account.givenName} ${account.familyName}`,
          given_name: account.givenName,
          family_name: account.familyName,
          ...(account.school ? { school: account.school } : {}),
          ...(account.grade !== undefined ? { grade: account.grade } : {}),
        }),
      };
    },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AuthorizationCode: 60, IdToken: 600 },
  };
  const provider = new Provider(issuer, configuration);
  // Plain http on loopback in development: tell the provider who it is when behind compose's port.
  provider.proxy = true;

  let misissue: Misissue | null = null;
  provider.use(async (ctx, next) => {
    await next();
    if (!misissue || ctx.path !== '/token') return;
    const body = ctx.body as { id_token?: string } | undefined;
    if (!body?.id_token) return;
    body.id_token = reissue(body.id_token, misissue, privateKey);
    misissue = null;
  });

  const handle = provider.callback();
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', issuer);
    const interaction = /^\/interaction\/([\w-]+)(\/login)?$/.exec(url.pathname);
    if (options.testControls && url.pathname === '/test-controls/misissue') {
      void readBody(request).then((text) => {
        misissue = JSON.parse(text) as Misissue;
        response.writeHead(204).end();
      });
      return;
    }
    if (!interaction) return void handle(request, response);
    void signInInteraction(provider, accounts, request, response, Boolean(interaction[2])).catch(
      (error: unknown) => {
        response.writeHead(400, { 'content-type': 'text/plain' }).end(`${String(error)}\n`);
      },
    );
  });

  return {
    issuer,
    port,
    misissueNextIdToken(next) {
      misissue = next;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// The provider's own pages: a login form (e-mail and password), then consent given at once, as
// a district grants its own first-party applications.
async function signInInteraction(
  provider: Provider,
  accounts: readonly DistrictAccount[],
  request: IncomingMessage,
  response: ServerResponse,
  submitted: boolean,
): Promise<void> {
  const details = await provider.interactionDetails(request, response);
  if (details.prompt.name === 'consent') {
    const accountId = details.session?.accountId as string;
    const grant = details.grantId
      ? ((await provider.Grant.find(details.grantId)) ?? newGrant())
      : newGrant();
    function newGrant() {
      return new provider.Grant({ accountId, clientId: details.params.client_id as string });
    }
    grant.addOIDCScope('openid email profile');
    const grantId = await grant.save();
    return provider.interactionFinished(request, response, { consent: { grantId } });
  }
  if (!submitted) return void loginPage(response, details.uid, '');
  const form = new URLSearchParams(await readBody(request));
  const email = (form.get('email') ?? '').trim().toLowerCase();
  const account = accounts.find((a) => a.email === email && a.password === form.get('password'));
  if (!account) return void loginPage(response, details.uid, 'Wrong e-mail or password.');
  return provider.interactionFinished(
    request,
    response,
    { login: { accountId: account.sub } },
    { mergeWithLastSubmission: false },
  );
}

function loginPage(response: ServerResponse, uid: string, problem: string): void {
  const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  response.writeHead(problem ? 401 : 200, { 'content-type': 'text/html; charset=utf-8' }).end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>District sign-in</title></head>
<body style="font-family: sans-serif; max-width: 24rem; margin: 3rem auto; padding: 0 1rem">
<h1>District account</h1><p>Local development provider (not the district's).</p>
${problem ? `<p role="alert">${escape(problem)}</p>` : ''}
<form method="post" action="/interaction/${escape(uid)}/login">
<p><label>E-mail<br><input name="email" type="email" autocomplete="username" required></label></p>
<p><label>Password<br><input name="password" type="password" autocomplete="current-password" required></label></p>
<p><button type="submit">Sign in</button></p></form></body></html>`,
  );
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

// The same token with the requested fault, signed again (RS256) with the provider's own key, or
// with a key nobody published.
function reissue(
  idToken: string,
  fault: Misissue,
  providerKey: ReturnType<typeof generateKeyPairSync>['privateKey'],
): string {
  const [header, payload] = idToken.split('.');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
  if (fault.audience) claims.aud = fault.audience;
  if (fault.expiredSecondsAgo !== undefined) {
    const now = Math.floor(Date.now() / 1000);
    claims.exp = now - fault.expiredSecondsAgo;
    claims.iat = now - fault.expiredSecondsAgo - 600;
  }
  const key = fault.foreignKey
    ? generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey
    : providerKey;
  const body = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  const signature = createSign('RSA-SHA256').update(body).sign(key).toString('base64url');
  return `${body}.${signature}`;
}

// Run directly (tests, compose): configuration from the environment. Not a top-level await: jest
// compiles this file to CommonJS when the platform runner imports it.
async function runFromEnvironment(): Promise<void> {
  const env = process.env;
  const list = (value: string | undefined) =>
    (value ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
  const idp = await startDistrictIdp({
    port: Number(env.DISTRICT_IDP_PORT ?? '0'),
    host: env.DISTRICT_IDP_HOST ?? '127.0.0.1',
    issuer: env.DISTRICT_IDP_ISSUER || undefined,
    clients: [
      {
        clientId: env.DISTRICT_IDP_CLIENT_ID ?? 'district-volunteering',
        clientSecret: env.DISTRICT_IDP_CLIENT_SECRET ?? 'district-idp-dev-secret',
        redirectUris: list(env.DISTRICT_IDP_REDIRECT_URIS),
        postLogoutRedirectUris: list(env.DISTRICT_IDP_POST_LOGOUT_URIS),
      },
    ],
    testControls: env.DISTRICT_IDP_TEST_CONTROLS === '1',
  });
  process.stdout.write(`${JSON.stringify({ issuer: idp.issuer, port: idp.port })}\n`);
  const stop = () => void idp.stop().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

if (import.meta.main) void runFromEnvironment();
