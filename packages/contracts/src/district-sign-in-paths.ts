// Issue 31: the district sign-in's addresses, pages and refusals. zod-free: the sign-in screen's
// first load imports them (its JS budget), the schemas stay in district-sign-in.ts.

export const DISTRICT_SIGN_IN_PATHS = {
  // GET: whether the district's sign-in is offered, and what to call it.
  options: '/api/auth/district',
  // GET (a navigation): on to the district's provider.
  start: '/api/auth/district/start',
  // GET: where the provider sends the browser back.
  callback: '/api/auth/district/callback',
  // GET: the account waiting for its password; POST {password}: link it and sign in.
  link: '/api/auth/district/link',
  // POST: "I never made a password here": e-mails the account's address a one-time link
  // (squatted e-mail, issue 31). GET ?token=: the link itself; the district account takes the
  // platform account over (password removed, every session ended). GET claim/{token}: the link.
  claim: '/api/auth/district/claim',
} as const;

// How long the e-mailed link of DISTRICT_SIGN_IN_PATHS.claim stays valid.
export const DISTRICT_CLAIM_TTL_MINUTES = 30;

// The shell's pages for the two outcomes that are not "signed in".
export const DISTRICT_SIGN_IN_PAGES = {
  refused: '/auth/district',
  confirmPassword: '/auth/district/link',
} as const;

// Readable by the page (not httpOnly, grants nothing): this browser signed in through the
// district's provider, so after signing out /auth offers the provider's own sign-out too.
export const DISTRICT_SESSION_HINT_COOKIE = 'district_session';

// Why a district sign-in ended without a session; the refusal page explains each.
export const DISTRICT_REFUSALS = [
  'not-configured',
  'unavailable',
  'cancelled',
  'expired',
  'state-mismatch',
  'token-invalid',
  'token-expired',
  'email-unverified',
  'domain-not-allowed',
  'not-rostered',
  // The e-mailed link to take an account over was already used, has expired, or never existed.
  'claim-link-invalid',
] as const;
export type DistrictRefusal = (typeof DISTRICT_REFUSALS)[number];

export function isDistrictRefusal(value: unknown): value is DistrictRefusal {
  return typeof value === 'string' && (DISTRICT_REFUSALS as readonly string[]).includes(value);
}
