import { z } from 'zod';

const commaList = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim().toLowerCase())
      .filter(Boolean),
  );

// Issue 31: "Sign in with the district's account" (OpenID Connect). Any standard provider works
// from these: its issuer (the platform reads its discovery document), the client the district
// registered for the platform, and the e-mail domains it admits. No issuer: the feature is off.
export const districtSignInConfigSchema = z.object({
  DISTRICT_OIDC_ISSUER: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  DISTRICT_OIDC_CLIENT_ID: z.string().min(1).optional(),
  DISTRICT_OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  // e.g. `students.district.org,district.org`; an address outside them is refused.
  DISTRICT_OIDC_ALLOWED_DOMAINS: commaList,
  // What the button names ("Sign in with <this>"), e.g. "Jefferson Schools Google account";
  // unset: the shell's own words ("your district account" / "tu cuenta del distrito").
  DISTRICT_OIDC_ACCOUNT_NAME: z.string().max(60).default(''),
  // Whom a refused person should ask (shown on the refusal page), e.g. an office's e-mail;
  // unset: "your school's office" in the page's language.
  DISTRICT_OIDC_HELP_CONTACT: z.string().max(120).default(''),
  // Google Workspace: the `hd` the token must carry (and the login page is narrowed to).
  DISTRICT_OIDC_HOSTED_DOMAIN: z.string().min(1).optional(),
});

export type DistrictSignInConfig = z.output<typeof districtSignInConfigSchema>;

// The settings a configured provider needs; null when district sign-in is off.
export interface DistrictProviderSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  allowedDomains: string[];
  accountName: string;
  helpContact: string;
  hostedDomain?: string;
}

export function districtProviderSettings(
  config: DistrictSignInConfig,
): DistrictProviderSettings | null {
  const { DISTRICT_OIDC_ISSUER: issuer, DISTRICT_OIDC_CLIENT_ID: clientId } = config;
  if (!issuer || !clientId || !config.DISTRICT_OIDC_CLIENT_SECRET) return null;
  return {
    issuer,
    clientId,
    clientSecret: config.DISTRICT_OIDC_CLIENT_SECRET,
    allowedDomains: config.DISTRICT_OIDC_ALLOWED_DOMAINS,
    accountName: config.DISTRICT_OIDC_ACCOUNT_NAME,
    helpContact: config.DISTRICT_OIDC_HELP_CONTACT,
    hostedDomain: config.DISTRICT_OIDC_HOSTED_DOMAIN,
  };
}

// Checked at start: half a configuration is a typo, not "off".
export function refineDistrictSignIn(env: DistrictSignInConfig, ctx: z.RefinementCtx): void {
  const set = [
    'DISTRICT_OIDC_ISSUER',
    'DISTRICT_OIDC_CLIENT_ID',
    'DISTRICT_OIDC_CLIENT_SECRET',
  ] as const;
  const given = set.filter((name) => env[name]);
  if (given.length > 0 && given.length < set.length)
    for (const name of set.filter((n) => !env[n]))
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message: 'must be set with the other DISTRICT_OIDC_ settings',
      });
  if (given.length === set.length && env.DISTRICT_OIDC_ALLOWED_DOMAINS.length === 0)
    ctx.addIssue({
      code: 'custom',
      path: ['DISTRICT_OIDC_ALLOWED_DOMAINS'],
      message: 'must list the e-mail domains district sign-in admits',
    });
}
