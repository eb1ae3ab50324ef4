// Browser routes of SPEC §2 and the runtime remote config the gateway serves.
export const APP_ROUTES = {
  home: '/',
  auth: '/auth',
  login: '/login',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  volunteer: '/volunteer',
  directory: '/directory',
  blog: '/blog',
  serviceHours: '/service-hours',
  supervisor: '/supervisor',
  // Issue 33: the signed-in person's own account (picture, language, privacy, data, deletion).
  account: '/account',
  // Issue 19: an official service record, public.
  verifyRecord: '/verify',
  // Issue 19: an organisation's contact confirms logged hours, public.
  confirmHours: '/confirm-hours',
  // Issue 20: a guardian's consent page (signed out), /guardian-consent/<token>.
  guardianConsent: '/guardian-consent',
} as const;
export type AppRoute = (typeof APP_ROUTES)[keyof typeof APP_ROUTES];

export const PUBLIC_ROUTES: readonly string[] = [
  APP_ROUTES.auth,
  APP_ROUTES.login,
  APP_ROUTES.forgotPassword,
  APP_ROUTES.resetPassword,
];

export const resetPasswordUrl = (token: string) =>
  `${APP_ROUTES.resetPassword}?token=${encodeURIComponent(token)}`;

export const guardianConsentUrl = (token: string) =>
  `${APP_ROUTES.guardianConsent}/${encodeURIComponent(token)}`;

export const REMOTES_CONFIG_PATH = '/config/remotes.json';
