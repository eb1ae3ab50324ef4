import { z } from 'zod';
import { plainText } from './fields';
import { loginSchema } from './users.schema';

// Issue 31: "Sign in with the district's account" (OpenID Connect through svc-auth).

export * from './district-sign-in-paths';

export const districtSignInOptionsResponseSchema = z.object({
  enabled: z.boolean(),
  // "Sign in with <accountName>".
  accountName: z.string(),
  // Whom a refused person should ask.
  helpContact: z.string(),
  // The provider's own sign-out page, offered after signing out (null: it has none).
  logoutUrl: z.string().nullable(),
});
export type DistrictSignInOptions = z.infer<typeof districtSignInOptionsResponseSchema>;

// The account a district sign-in found that already has a platform password.
export const districtPendingLinkResponseSchema = z.object({
  username: z.string(),
  email: z.string(),
});
export type DistrictPendingLink = z.infer<typeof districtPendingLinkResponseSchema>;

// POST: the password account's own password, checked like the login's (same field rules).
export const districtLinkSchema = z.strictObject({ password: loginSchema.shape.password });
export type DistrictLinkBody = z.infer<typeof districtLinkSchema>;

export const districtStartQuerySchema = z.object({
  lang: z.enum(['en', 'es']).optional(),
});

// GET /api/auth/district/claim/{token}: the e-mailed link's one-time token (32 random bytes,
// base64url). A well-formed but unknown, spent or expired one gets the refusal page.
export const districtClaimParamSchema = z.object({
  token: plainText({ trim: false })
    .length(43)
    .regex(/^[A-Za-z0-9_-]+$/, 'Not a link we sent'),
});
