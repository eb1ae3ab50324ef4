import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { DISTRICT_SIGN_IN_PATHS } from '@district/contracts';
import type { AuthConfig } from '../../src/auth.config';
import { PUBLIC_URL } from './auth-fixtures';

const ROOT = join(__dirname, '..', '..', '..');
export const CLIENT_ID = 'district-volunteering-test';
export const CLIENT_SECRET = 'district-idp-test-secret';
export const CALLBACK_URL = new URL(DISTRICT_SIGN_IN_PATHS.callback, PUBLIC_URL).href;

// What a test may ask the provider to get wrong in its next ID token (scripts/district-idp.ts).
export interface Misissue {
  audience?: string;
  expiredSecondsAgo?: number;
  foreignKey?: boolean;
}

export interface RunningIdp {
  issuer: string;
  misissueNextIdToken(misissue: Misissue): Promise<void>;
  stop(): Promise<void>;
}

// The real local district provider (scripts/district-idp.ts, oidc-provider) in a child process
// under Node itself, on a free port, with the test controls on.
export async function startDistrictIdp(): Promise<RunningIdp> {
  const child: ChildProcess = spawn(process.execPath, [join(ROOT, 'scripts', 'district-idp.ts')], {
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      DISTRICT_IDP_PORT: '0',
      DISTRICT_IDP_CLIENT_ID: CLIENT_ID,
      DISTRICT_IDP_CLIENT_SECRET: CLIENT_SECRET,
      DISTRICT_IDP_REDIRECT_URIS: CALLBACK_URL,
      DISTRICT_IDP_POST_LOGOUT_URIS: new URL('/auth', PUBLIC_URL).href,
      DISTRICT_IDP_TEST_CONTROLS: '1',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const issuer = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      if (line.startsWith('{')) resolve((JSON.parse(line) as { issuer: string }).issuer);
    });
    child.once('exit', (code) => reject(new Error(`district idp exited (${code})`)));
  });
  return {
    issuer,
    async misissueNextIdToken(misissue) {
      const response = await fetch(`${issuer}/test-controls/misissue`, {
        method: 'POST',
        body: JSON.stringify(misissue),
      });
      if (response.status !== 204) throw new Error(`misissue: ${response.status}`);
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export function districtConfig(
  issuer: string,
  extra: Partial<AuthConfig> = {},
): Partial<AuthConfig> {
  return {
    DISTRICT_OIDC_ISSUER: issuer,
    DISTRICT_OIDC_CLIENT_ID: CLIENT_ID,
    DISTRICT_OIDC_CLIENT_SECRET: CLIENT_SECRET,
    DISTRICT_OIDC_ALLOWED_DOMAINS: ['students.district.test', 'district.test'],
    DISTRICT_OIDC_ACCOUNT_NAME: 'district account',
    DISTRICT_OIDC_HELP_CONTACT: 'help@district.test',
    ...extra,
  };
}

// A browser's cookies for one origin, from Set-Cookie headers (name=value; a Max-Age=0 or an
// empty value drops it).
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  take(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair, ...attributes] = header.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*(max-age=0|expires=thu, 01 jan 1970)/i.test(a));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }
}

// One browser going through the district sign-in: svc-auth (behind PUBLIC_URL) and the provider,
// each with its own cookies, following redirects by hand.
export class DistrictBrowser {
  readonly platform = new CookieJar();
  readonly provider = new CookieJar();

  constructor(private readonly serviceUrl: string) {}

  // GET a platform path (PUBLIC_URL's paths go to the service under test).
  async platformGet(pathOrUrl: string): Promise<Response> {
    const url = new URL(pathOrUrl, PUBLIC_URL);
    const response = await fetch(new URL(url.pathname + url.search, this.serviceUrl), {
      redirect: 'manual',
      headers: { cookie: this.platform.header() },
    });
    this.platform.take(response);
    return response;
  }

  // Start: svc-auth's redirect to the provider's authorization endpoint.
  async start(lang?: 'en' | 'es'): Promise<URL> {
    const response = await this.platformGet(
      DISTRICT_SIGN_IN_PATHS.start + (lang ? `?lang=${lang}` : ''),
    );
    if (response.status !== 302) throw new Error(`start answered ${response.status}`);
    return new URL(response.headers.get('location')!);
  }

  // At the provider: the authorization request, its login page, consent; ends with the redirect
  // back to the platform's callback (not followed).
  async signInAtProvider(authorizeUrl: URL, email: string, password: string): Promise<URL> {
    let next: URL = authorizeUrl;
    let loggedIn = false;
    for (let hop = 0; hop < 12; hop++) {
      if (next.href.startsWith(CALLBACK_URL)) return next;
      const login = /\/interaction\/([\w-]+)$/.exec(next.pathname);
      let response: Response;
      if (login && !loggedIn) {
        const page = await this.providerFetch(next);
        const html = await page.text();
        if (!html.includes('<form')) {
          // Consent (or any prompt without a form) answered by redirect already.
          response = page;
        } else {
          loggedIn = true;
          response = await this.providerFetch(new URL(`${next.pathname}/login`, next), {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ email, password }).toString(),
          });
        }
      } else {
        response = await this.providerFetch(next);
      }
      const location = response.headers.get('location');
      if (!location) throw new Error(`provider answered ${response.status} at ${next.href}`);
      next = new URL(location, next);
    }
    throw new Error('too many redirects at the provider');
  }

  // The whole way: start, provider, callback. Answers the callback's redirect target.
  async signIn(email: string, password = 'district-idp-dev'): Promise<string> {
    const callback = await this.signInAtProvider(await this.start(), email, password);
    return this.followCallback(callback);
  }

  async followCallback(callback: URL): Promise<string> {
    const response = await this.platformGet(callback.href);
    if (response.status !== 302) throw new Error(`callback answered ${response.status}`);
    return response.headers.get('location')!;
  }

  private async providerFetch(url: URL, init: RequestInit = {}): Promise<Response> {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: this.provider.header() },
    });
    this.provider.take(response);
    return response;
  }
}
