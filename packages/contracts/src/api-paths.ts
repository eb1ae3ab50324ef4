import type { OpportunityStatus } from './constants';

// Every /api path of SPEC §7, plus the calls DESIGN.md, docs/architecture.md and issues 3–9 add.
// `apiPaths` builds concrete URLs for the browser; `API_ROUTES` are the `:param` patterns the
// services and the gateway match.

type Id = number | string;
const seg = (id: Id) => encodeURIComponent(String(id));

export const API_PREFIX = '/api';

export const apiPaths = {
  // svc-auth, public
  user: '/api/user',
  login: '/api/login',
  register: '/api/register',
  logout: '/api/logout',
  passwordResetRequest: '/api/password-reset/request',
  passwordReset: '/api/password-reset/reset',
  avatars: '/api/avatars/',
  avatarFile: (file: string) => `/api/avatars/${encodeURIComponent(file)}`,
  // svc-auth, signed in
  userAvatar: '/api/user/avatar',
  // Issue 20: the student's own directory choice, data export and account deletion.
  userPrivacy: '/api/user/privacy',
  userExport: '/api/user/export',
  userDelete: '/api/user/delete',
  // Issue 22: the user's language.
  userPreferences: '/api/user/preferences',
  privacySettings: '/api/privacy/settings',
  // Issue 20: guardian consent (the token pages are public).
  registerOptions: '/api/register/options',
  guardianConsent: (token: string) => `/api/guardian-consent/${seg(token)}`,
  adminConsents: '/api/admin/consents',
  adminConsentResend: (userId: Id) => `/api/admin/consents/${seg(userId)}/resend`,
  // Issue 31: join codes (supervisors and admins) and roster imports (admins).
  joinCodes: '/api/admin/join-codes',
  joinCode: (id: Id) => `/api/admin/join-codes/${seg(id)}`,
  rosters: '/api/admin/rosters',
  directory: '/api/directory',
  users: '/api/users',
  userById: (id: Id) => `/api/users/${seg(id)}`,
  userSchool: (id: Id) => `/api/users/${seg(id)}/school`,
  userRoles: (id: Id) => `/api/users/${seg(id)}/roles`,
  backupUsers: '/api/backup/users',
  audit: '/api/audit',
  // svc-volunteer
  opportunities: '/api/opportunities',
  opportunitiesByStatus: (status: OpportunityStatus) => `/api/opportunities?status=${status}`,
  opportunity: (id: Id) => `/api/opportunities/${seg(id)}`,
  opportunityStatus: (id: Id) => `/api/opportunities/${seg(id)}/status`,
  // Beyond the spec: ids of the caller's own sign-ups.
  mySignups: '/api/opportunities/mine',
  opportunitySignups: (id: Id) => `/api/opportunities/${seg(id)}/signups`,
  // POST signs up, DELETE withdraws.
  opportunitySignup: (id: Id) => `/api/opportunities/${seg(id)}/signup`,
  // Issue 18: POST joins the waitlist of a full opportunity, DELETE leaves it.
  opportunityWaitlist: (id: Id) => `/api/opportunities/${seg(id)}/waitlist`,
  myWaitlist: '/api/opportunities/mine/waitlist',
  opportunityPhotos: (id: Id) => `/api/opportunities/${seg(id)}/photos`,
  // Issue 33: an uploaded event photo, as stored (its photoUrl).
  opportunityPhotoFile: (id: Id, file: string) =>
    `/api/opportunities/${seg(id)}/photos/${encodeURIComponent(file)}`,
  // Issue 18: one opportunity as an .ics file; GET the caller's feed address, DELETE for a new one.
  opportunityCalendar: (id: Id) => `/api/opportunities/${seg(id)}/calendar.ics`,
  calendarFeed: '/api/calendar/feed',
  opportunityPhotoStatus: (id: Id, photoId: Id) =>
    `/api/opportunities/${seg(id)}/photos/${seg(photoId)}/status`,
  // Issue 18: the admin's roster, attendance, the rotating check-in code and the student's check-in.
  opportunityRoster: (id: Id) => `/api/opportunities/${seg(id)}/roster`,
  opportunityAttendance: (id: Id, userId: Id) =>
    `/api/opportunities/${seg(id)}/attendance/${seg(userId)}`,
  opportunityCheckInCode: (id: Id) => `/api/opportunities/${seg(id)}/check-in-code`,
  opportunityCheckIn: (id: Id) => `/api/opportunities/${seg(id)}/check-in`,
  // svc-content
  blogPosts: '/api/blog-posts',
  blogPostStatus: (id: Id) => `/api/blog-posts/${seg(id)}/status`,
  notifications: '/api/notifications',
  notificationsStream: '/api/notifications/stream',
  // svc-hours
  serviceHours: '/api/service-hours',
  serviceHoursStatus: (id: Id) => `/api/service-hours/${seg(id)}/status`,
  // Issue 33: the owner corrects a rejected entry and sends it again.
  serviceHoursEntry: (id: Id) => `/api/service-hours/${seg(id)}`,
  // Issue 19: verification by the organisation.
  hourConfirmation: (token: string) => `/api/hour-confirmations/${seg(token)}`,
  serviceHoursConfirmationMail: (id: Id) => `/api/service-hours/${seg(id)}/confirmation-mail`,
  serviceHoursSettings: '/api/service-hours/settings',
  serviceRecords: '/api/service-records',
  serviceRecord: (code: string) => `/api/service-records/${seg(code)}`,
  serviceRecordPdf: (code: string) => `/api/service-records/${seg(code)}/pdf`,
  serviceRecordVerify: '/api/service-records/verify',
} as const;

// Method + pattern of every call, for controllers, gateway tests and docs.
export const API_ROUTES = {
  getUser: { method: 'GET', path: '/api/user' },
  login: { method: 'POST', path: '/api/login' },
  register: { method: 'POST', path: '/api/register' },
  logout: { method: 'POST', path: '/api/logout' },
  passwordResetRequest: { method: 'POST', path: '/api/password-reset/request' },
  passwordReset: { method: 'POST', path: '/api/password-reset/reset' },
  updateAvatar: { method: 'PATCH', path: '/api/user/avatar' },
  getAvatar: { method: 'GET', path: '/api/avatars/:file' },
  directory: { method: 'GET', path: '/api/directory' },
  deleteUser: { method: 'DELETE', path: '/api/users/:id' },
  changeSchool: { method: 'PATCH', path: '/api/users/:id/school' },
  changeRoles: { method: 'PATCH', path: '/api/users/:id/roles' },
  backupUsers: { method: 'GET', path: '/api/backup/users' },
  audit: { method: 'GET', path: '/api/audit' },
  // Issue 20.
  setPrivacyChoice: { method: 'PATCH', path: '/api/user/privacy' },
  exportOwnData: { method: 'GET', path: '/api/user/export' },
  deleteOwnAccount: { method: 'POST', path: '/api/user/delete' },
  // Issue 22.
  setPreferences: { method: 'PATCH', path: '/api/user/preferences' },
  readPrivacySettings: { method: 'GET', path: '/api/privacy/settings' },
  changePrivacySettings: { method: 'PATCH', path: '/api/privacy/settings' },
  registerOptions: { method: 'GET', path: '/api/register/options' },
  // Issue 31: sign in with the district's account.
  districtSignInOptions: { method: 'GET', path: '/api/auth/district' },
  districtSignInStart: { method: 'GET', path: '/api/auth/district/start' },
  districtSignInCallback: { method: 'GET', path: '/api/auth/district/callback' },
  districtPendingLink: { method: 'GET', path: '/api/auth/district/link' },
  districtLink: { method: 'POST', path: '/api/auth/district/link' },
  districtClaimRequest: { method: 'POST', path: '/api/auth/district/claim' },
  districtClaimOpen: { method: 'GET', path: '/api/auth/district/claim/:token' },
  readGuardianConsent: { method: 'GET', path: '/api/guardian-consent/:token' },
  decideGuardianConsent: { method: 'POST', path: '/api/guardian-consent/:token' },
  listPendingConsents: { method: 'GET', path: '/api/admin/consents' },
  resendConsent: { method: 'POST', path: '/api/admin/consents/:userId/resend' },
  // Issue 31.
  createJoinCode: { method: 'POST', path: '/api/admin/join-codes' },
  listJoinCodes: { method: 'GET', path: '/api/admin/join-codes' },
  revokeJoinCode: { method: 'DELETE', path: '/api/admin/join-codes/:id' },
  importRoster: { method: 'POST', path: '/api/admin/rosters' },
  listOpportunities: { method: 'GET', path: '/api/opportunities' },
  createOpportunity: { method: 'POST', path: '/api/opportunities' },
  deleteOpportunity: { method: 'DELETE', path: '/api/opportunities/:id' },
  changeOpportunityStatus: { method: 'PATCH', path: '/api/opportunities/:id/status' },
  updateOpportunity: { method: 'PATCH', path: '/api/opportunities/:id' },
  opportunityCalendar: { method: 'GET', path: '/api/opportunities/:id/calendar.ics' },
  calendarFeedUrl: { method: 'GET', path: '/api/calendar/feed' },
  resetCalendarFeed: { method: 'DELETE', path: '/api/calendar/feed' },
  calendarFeed: { method: 'GET', path: '/api/calendar/feed/:file' },
  listSignups: { method: 'GET', path: '/api/opportunities/:id/signups' },
  mySignups: { method: 'GET', path: '/api/opportunities/mine' },
  signUp: { method: 'POST', path: '/api/opportunities/:id/signup' },
  withdraw: { method: 'DELETE', path: '/api/opportunities/:id/signup' },
  joinWaitlist: { method: 'POST', path: '/api/opportunities/:id/waitlist' },
  leaveWaitlist: { method: 'DELETE', path: '/api/opportunities/:id/waitlist' },
  myWaitlist: { method: 'GET', path: '/api/opportunities/mine/waitlist' },
  listPhotos: { method: 'GET', path: '/api/opportunities/:id/photos' },
  submitPhoto: { method: 'POST', path: '/api/opportunities/:id/photos' },
  getPhotoFile: { method: 'GET', path: '/api/opportunities/:id/photos/:file' },
  changePhotoStatus: { method: 'PATCH', path: '/api/opportunities/:id/photos/:photoId/status' },
  roster: { method: 'GET', path: '/api/opportunities/:id/roster' },
  markAttendance: { method: 'PUT', path: '/api/opportunities/:id/attendance/:userId' },
  checkInCode: { method: 'GET', path: '/api/opportunities/:id/check-in-code' },
  checkIn: { method: 'POST', path: '/api/opportunities/:id/check-in' },
  listBlogPosts: { method: 'GET', path: '/api/blog-posts' },
  createBlogPost: { method: 'POST', path: '/api/blog-posts' },
  changeBlogPostStatus: { method: 'PATCH', path: '/api/blog-posts/:id/status' },
  notifications: { method: 'GET', path: '/api/notifications' },
  notificationsStream: { method: 'GET', path: '/api/notifications/stream' },
  listServiceHours: { method: 'GET', path: '/api/service-hours' },
  logServiceHours: { method: 'POST', path: '/api/service-hours' },
  changeServiceHoursStatus: { method: 'PATCH', path: '/api/service-hours/:id/status' },
  resubmitServiceHours: { method: 'PUT', path: '/api/service-hours/:id' },
  issueServiceRecord: { method: 'POST', path: '/api/service-records' },
  getServiceRecord: { method: 'GET', path: '/api/service-records/:code' },
  getServiceRecordPdf: { method: 'GET', path: '/api/service-records/:code/pdf' },
  verifyServiceRecordPdf: { method: 'POST', path: '/api/service-records/verify' },
  getHourConfirmation: { method: 'GET', path: '/api/hour-confirmations/:token' },
  decideHourConfirmation: { method: 'POST', path: '/api/hour-confirmations/:token' },
  resendHourConfirmationMail: { method: 'POST', path: '/api/service-hours/:id/confirmation-mail' },
  getHoursSettings: { method: 'GET', path: '/api/service-hours/settings' },
  updateHoursSettings: { method: 'PATCH', path: '/api/service-hours/settings' },
} as const satisfies Record<
  string,
  { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; path: string }
>;

export type ApiRouteName = keyof typeof API_ROUTES;

// Internal, not routed by the gateway to the outside (docs/architecture.md "Identity").
export const INTERNAL_PATHS = {
  authVerify: '/internal/auth/verify',
  healthLive: '/health/live',
  healthReady: '/health/ready',
} as const;
