import { z } from 'zod';
import { API_ROUTES, type ApiRouteName } from '../api-paths';
import {
  attendanceInputSchema,
  attendanceParamSchema,
  attendanceRecordResponseSchema,
  checkInCodeResponseSchema,
  checkInInputSchema,
  rosterEntryResponseSchema,
} from '../attendance.schema';
import { auditListQuerySchema, auditRecordSchema } from '../audit.schema';
import { blogListQuerySchema, blogPostResponseSchema, blogPostSchema } from '../blog.schema';
import {
  consentTokenParamSchema,
  consentUserParamSchema,
  guardianConsentDecisionSchema,
  guardianConsentResponseSchema,
  pendingConsentResponseSchema,
} from '../consent.schema';
import { registerOptionsResponseSchema } from '../registration-policy.schema';
import {
  ROSTER_FILES,
  rosterImportQuerySchema,
  rosterImportResponseSchema,
  rosterLineErrorResponseSchema,
} from '../rosters.schema';
import {
  createJoinCodeSchema,
  joinCodeCreatedResponseSchema,
  joinCodeResponseSchema,
} from '../join-codes.schema';
import { AVATAR_MAX_BYTES, PHOTO_MAX_BYTES } from '../constants';
import {
  districtClaimParamSchema,
  districtLinkSchema,
  districtPendingLinkResponseSchema,
  districtSignInOptionsResponseSchema,
  districtStartQuerySchema,
} from '../district-sign-in';
import { apiErrorSchema, apiFieldErrorSchema } from '../errors';
import { idParamSchema, photoFileParamSchema, photoParamSchema } from '../fields';
import { anyNotificationItemSchema } from '../notifications.schema';
import {
  eventPhotoResponseSchema,
  eventPhotoSchema,
  eventPhotoUploadSchema,
  PHOTO_FIELD,
  opportunitiesQuerySchema,
  opportunityResponseSchema,
  opportunityStatusSchema,
  createOpportunitySchema,
  waitlistPlaceSchema,
} from '../opportunities.schema';
import { calendarFeedResponseSchema, updateOpportunitySchema } from '../opportunity-edit.schema';
import { reviewStatusSchema } from '../review.schema';
import {
  hourConfirmationDecisionSchema,
  hourConfirmationTokenParamSchema,
  hourConfirmationViewResponseSchema,
  hoursSettingsSchema,
  serviceHoursCorrectionSchema,
  serviceHoursLogResponseSchema,
  serviceHoursSchema,
  serviceHoursStatusSchema,
} from '../service-hours.schema';
import {
  serviceHoursListQuerySchema,
  serviceHoursSummaryPath,
  serviceHoursSummaryQuerySchema,
  serviceHoursSummarySchema,
} from '../service-hours-summary.schema';
import {
  behindGoalBySchoolSchema,
  hourGoalResponseSchema,
  hourGoalsPath,
  hourGoalsSchema,
  hoursFilterQuerySchema,
  hoursReportParamSchema,
  hoursReportsSchema,
  myProgressSchema,
  serviceHoursBehindGoalPath,
  serviceHoursExportPath,
  serviceHoursProgressPath,
  serviceHoursReportsPath,
  serviceHoursStudentsPath,
  studentProgressQuerySchema,
  studentProgressSchema,
} from '../hour-goals.schema';
import {
  issuedServiceRecordResponseSchema,
  issueServiceRecordSchema,
  SERVICE_RECORD_PDF_MAX_BYTES,
  serviceRecordCodeParamSchema,
  serviceRecordPdfCheckResponseSchema,
  serviceRecordViewResponseSchema,
} from '../service-records.schema';
import {
  backupUserSchema,
  changeRolesSchema,
  changeSchoolSchema,
  currentUserQuerySchema,
  currentUserSchema,
  deleteOwnAccountSchema,
  directoryUserSchema,
  forgotPasswordSchema,
  loginSchema,
  privacyChoiceSchema,
  privacySettingsSchema,
  registerBodySchema,
  resetPasswordSchema,
} from '../users.schema';
import { signupEntrySchema } from '../volunteer.schema';
import { userPreferencesSchema } from '../i18n/languages';

// The endpoint registry: every /api call with the shared schemas it reads and answers. The
// OpenAPI document (document.ts) is generated from it, the fuzz suite (fuzz/) drives it, and
// fuzz/routes.spec.ts checks it against the NestJS controllers' route metadata both ways, so
// the document and the services cannot drift.

// Who may call: `public` needs no session; `signedIn` any account; `supervisor` supervisors
// and admins (hasRole); `admin` admins only. The services enforce it (@Public, @Roles).
export type Access = 'public' | 'signedIn' | 'supervisor' | 'admin';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

// Error statuses an endpoint may answer, always with the one JSON error shape (errors.ts).
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 414 | 415 | 429 | 503;

// Who limits how fast a client may call (docs/architecture.md "Errors"); each answers 429 with
// Retry-After. `counter`: svc-auth's request counter (RateLimitGuard over @nestjs/throttler), which
// also sends RateLimit-Limit/-Remaining/-Reset/-Policy on its answers; `backoff`: svc-auth's login backoff;
// `gateway`: a per-address limit_req zone (gateway/templates/maps.conf). Other calls have no limit.
export type RateLimit = 'counter' | 'backoff' | 'gateway';

export interface EndpointSpec {
  method: HttpMethod;
  // `:param` pattern, as API_ROUTES.
  path: string;
  summary: string;
  tag: 'Account' | 'Users' | 'Audit' | 'Opportunities' | 'Content' | 'Service hours' | 'Contract';
  access: Access;
  params?: z.ZodObject;
  query?: z.ZodObject;
  // JSON request body.
  body?: z.ZodType;
  // multipart/form-data upload (the avatar): field name → description.
  // One file field, or several (each required, each up to maxBytes); `text` the form's text
  // fields beside the file (an event photo's caption). With `body` too, the call takes either.
  multipart?: {
    field: string | readonly string[];
    description: string;
    maxBytes: number;
    text?: z.ZodObject;
  };
  // A file as the whole body (the PDF to verify).
  file?: { contentType: string; description: string; maxBytes: number };
  success: {
    // 302: a browser navigation sent on (Location), e.g. district sign-in.
    status: 200 | 201 | 204 | 302;
    // JSON answer; absent for 204 and non-JSON answers.
    schema?: z.ZodType;
    // Non-JSON answers (image, event stream).
    contentType?: string;
    description: string;
  };
  // Other answers without a body: 304 to a matching If-None-Match (the ETag-validated lists and
  // images), 204 where a query asks for no body (GET /api/user?optional=1).
  alsoAnswers?: Array<{ status: 204 | 304; description: string }>;
  // Statuses beyond those every call may answer (401/403 from access, 400 from params/query/body,
  // 429 from a rate limit, 503 everywhere); see errorStatuses().
  errors?: ErrorStatus[];
  // The error body when it is more than the one shape (errors.ts), e.g. the reset's `error`.
  errorSchema?: z.ZodType;
  rateLimit?: RateLimit;
  description?: string;
}

const keysetPageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), nextCursor: z.string().nullable() });

const messageSchema = z.object({ message: z.string() });

const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });

const auditPageSchema = z.object({
  items: z.array(auditRecordSchema),
  nextCursor: z.string().nullable(),
});

// Path names the services match themselves (anything else is a 404): the document says their form.
const avatarFileParamSchema = photoFileParamSchema.pick({ file: true });
const calendarFileParamSchema = z.object({
  file: z.string().max(47).meta({ pattern: '^[A-Za-z0-9_-]{43}\\.ics$' }),
});

type Registry = Record<ApiRouteName, Omit<EndpointSpec, 'method' | 'path'>> & {
  serviceHoursSummary: EndpointSpec;
  listHourGoals: EndpointSpec;
  replaceHourGoals: EndpointSpec;
  serviceHoursProgress: EndpointSpec;
  serviceHoursStudents: EndpointSpec;
  serviceHoursBehindGoal: EndpointSpec;
  exportServiceHours: EndpointSpec;
  serviceHoursReports: EndpointSpec;
  serviceHoursReportCsv: EndpointSpec;
  openApiDocument: EndpointSpec;
};

const spec: Registry = {
  getUser: {
    summary: 'The signed-in user',
    tag: 'Account',
    // Public at the gateway: svc-auth reads the session cookie itself and answers 401 without one
    // (204 with ?optional=1, the shell's own check, issue 34).
    access: 'public',
    query: currentUserQuerySchema,
    success: {
      status: 200,
      schema: currentUserSchema,
      description: 'The current user (without a session: 401, or 204 with ?optional=1)',
    },
    errors: [401],
    alsoAnswers: [{ status: 204, description: 'No session, asked with ?optional=1' }],
  },
  login: {
    summary: 'Sign in',
    tag: 'Account',
    access: 'public',
    rateLimit: 'backoff',
    body: loginSchema,
    success: {
      status: 200,
      schema: currentUserSchema,
      description: 'Signed in; the session cookie is set',
    },
    errors: [401, 415],
  },
  register: {
    summary: 'Register a student account',
    tag: 'Account',
    access: 'public',
    rateLimit: 'counter',
    body: registerBodySchema,
    description:
      'dateOfBirth and guardianEmail are asked only in guardian consent mode (issue 20); in school mode the body is exactly the spec’s. Issue 31: the district’s registration policy decides who may register (403 with a message saying how to get in otherwise): open needs school and grade; joinCode needs a valid joinCode (which sets the school) and grade; roster needs an e-mail the roster holds (school and grade come from the roster); districtSignIn refuses every registration.',
    success: {
      status: 200,
      schema: currentUserSchema,
      description: 'Registered and signed in; the session cookie is set',
    },
    errors: [403, 409, 415],
  },
  logout: {
    summary: 'Sign out',
    tag: 'Account',
    access: 'public',
    success: {
      status: 200,
      schema: messageSchema,
      description: 'Signed out (also without a session)',
    },
  },
  passwordResetRequest: {
    summary: 'Ask for a password reset link by e-mail',
    tag: 'Account',
    access: 'public',
    rateLimit: 'counter',
    body: forgotPasswordSchema,
    success: {
      status: 200,
      schema: messageSchema,
      description: 'The same answer whether or not the address is known',
    },
    errors: [415],
  },
  passwordReset: {
    summary: 'Choose a new password with a reset token',
    tag: 'Account',
    access: 'public',
    body: resetPasswordSchema,
    success: { status: 200, schema: messageSchema, description: 'Password changed' },
    errors: [415],
    // The reset screen shows `error` (SPEC §7, svc-auth's reset-error.filter.ts); what the
    // gateway refuses itself has the one shape only.
    errorSchema: apiErrorSchema
      .extend({ error: z.string().optional() })
      .meta({ id: 'PasswordResetError' }),
  },
  updateAvatar: {
    summary: 'Replace the current user’s avatar',
    tag: 'Account',
    access: 'signedIn',
    rateLimit: 'counter',
    multipart: {
      field: 'avatar',
      description: 'An image of at most 5 MB',
      maxBytes: AVATAR_MAX_BYTES,
    },
    success: {
      status: 200,
      schema: currentUserSchema,
      description: 'The user with the new avatar',
    },
    errors: [413, 415],
  },
  getAvatar: {
    summary: 'A stored avatar image',
    tag: 'Account',
    access: 'public',
    params: avatarFileParamSchema,
    success: { status: 200, contentType: 'image/webp', description: 'The image (immutable)' },
    errors: [404],
    alsoAnswers: [
      { status: 304, description: 'Not modified: the copy named in If-None-Match is current' },
    ],
  },
  directory: {
    summary: 'Students by school and grade',
    tag: 'Users',
    access: 'signedIn',
    success: {
      status: 200,
      schema: z.array(directoryUserSchema),
      description: 'The users this viewer may see (ids only for admins and supervisors)',
    },
    alsoAnswers: [
      { status: 304, description: 'Not modified: the copy named in If-None-Match is current' },
    ],
  },
  deleteUser: {
    summary: 'Delete a user account',
    tag: 'Users',
    access: 'admin',
    params: idParamSchema,
    success: { status: 204, description: 'Deleted' },
    errors: [404, 409],
  },
  changeSchool: {
    summary: 'Change a user’s school',
    tag: 'Users',
    access: 'admin',
    params: idParamSchema,
    body: changeSchoolSchema,
    success: { status: 200, schema: directoryUserSchema, description: 'The updated user' },
    errors: [404, 415],
  },
  changeRoles: {
    summary: 'Grant or remove admin and supervisor rights',
    tag: 'Users',
    access: 'admin',
    params: idParamSchema,
    body: changeRolesSchema,
    success: { status: 200, schema: directoryUserSchema, description: 'The updated user' },
    errors: [404, 409, 415],
  },
  backupUsers: {
    summary: 'Download every user (no password hashes)',
    tag: 'Users',
    access: 'admin',
    success: { status: 200, schema: z.array(backupUserSchema), description: 'A JSON attachment' },
  },
  audit: {
    summary: 'Audit log of privileged actions, newest first',
    tag: 'Audit',
    access: 'admin',
    query: auditListQuerySchema,
    success: { status: 200, schema: auditPageSchema, description: 'One page of records' },
  },
  setPrivacyChoice: {
    summary: 'Show or hide the signed-in student to other students',
    tag: 'Account',
    access: 'signedIn',
    body: privacyChoiceSchema,
    success: { status: 200, schema: currentUserSchema, description: 'The user with the choice' },
    errors: [415],
  },
  setPreferences: {
    summary: 'Choose the language of the platform and of the signed-in user’s e-mails',
    tag: 'Account',
    access: 'signedIn',
    body: userPreferencesSchema,
    success: { status: 200, schema: currentUserSchema, description: 'The user with the choice' },
    errors: [415],
  },
  exportOwnData: {
    summary: 'Everything the platform holds about the signed-in user, from every service',
    tag: 'Account',
    access: 'signedIn',
    success: {
      status: 200,
      schema: z.record(z.string(), z.unknown()),
      description: 'A JSON attachment: profile, hour credits, consent, audit entries, services',
    },
  },
  deleteOwnAccount: {
    summary: 'Delete the signed-in user’s account, confirmed with the password',
    tag: 'Account',
    access: 'signedIn',
    body: deleteOwnAccountSchema,
    success: { status: 204, description: 'Deleted; every session ends' },
    // 403: the password is not the account's.
    errors: [403, 415],
  },
  readPrivacySettings: {
    summary: 'The district’s privacy policy for new accounts',
    tag: 'Users',
    access: 'admin',
    success: { status: 200, schema: privacySettingsSchema, description: 'The policy' },
  },
  changePrivacySettings: {
    summary: 'Change the district’s privacy policy for new accounts (audited)',
    tag: 'Users',
    access: 'admin',
    body: privacySettingsSchema,
    success: { status: 200, schema: privacySettingsSchema, description: 'The new policy' },
    errors: [415],
  },
  registerOptions: {
    summary: 'What registration asks for (the district’s consent mode and registration policy)',
    tag: 'Account',
    access: 'public',
    success: {
      status: 200,
      schema: registerOptionsResponseSchema,
      description: 'The consent mode and who may join',
    },
  },
  // Issue 31.
  districtSignInOptions: {
    summary: 'Whether sign-in with the district’s account is offered, and its name',
    tag: 'Account',
    access: 'public',
    success: {
      status: 200,
      schema: districtSignInOptionsResponseSchema,
      description: 'The options',
    },
  },
  districtSignInStart: {
    summary: 'Start signing in with the district’s account (a browser navigation)',
    tag: 'Account',
    access: 'public',
    query: districtStartQuerySchema,
    success: {
      status: 302,
      description:
        'To the district’s provider (PKCE, state and nonce), or to the shell’s refusal page',
    },
  },
  districtSignInCallback: {
    summary: 'Where the district’s provider sends the browser back',
    tag: 'Account',
    access: 'public',
    success: {
      status: 302,
      description:
        'Home with the session cookie set, the password page of linking, or the refusal page with its reason',
    },
  },
  districtPendingLink: {
    summary: 'The password account a district sign-in found (waiting for its password)',
    tag: 'Account',
    access: 'public',
    success: { status: 200, schema: districtPendingLinkResponseSchema, description: 'The account' },
    errors: [404],
  },
  districtLink: {
    summary: 'Link the district account to this password account and sign in',
    tag: 'Account',
    access: 'public',
    rateLimit: 'backoff',
    body: districtLinkSchema,
    success: {
      status: 200,
      schema: currentUserSchema,
      description: 'Linked and signed in; the session cookie is set',
    },
    errors: [401, 404, 415],
  },
  districtClaimRequest: {
    summary:
      '“I never made a password here”: e-mail the account’s address a one-time link that gives the account to this district sign-in',
    tag: 'Account',
    access: 'public',
    success: {
      status: 204,
      description:
        'The link is being mailed (30 minutes, single use; at most 3 an hour per account); the password page stays usable',
    },
    errors: [404],
  },
  districtClaimOpen: {
    summary:
      'The e-mailed link: the district account takes the account over (linked, password removed, every session ended; audited)',
    tag: 'Account',
    access: 'public',
    params: districtClaimParamSchema,
    success: {
      status: 302,
      description:
        'Home signed in (the browser that asked), on through the district sign-in (another browser), or the refusal page (claim-link-invalid)',
    },
    errors: [404],
  },
  readGuardianConsent: {
    summary: 'The consent a guardian is asked for, by the link’s token',
    tag: 'Account',
    access: 'public',
    rateLimit: 'gateway',
    params: consentTokenParamSchema,
    success: { status: 200, schema: guardianConsentResponseSchema, description: 'The request' },
    errors: [404],
  },
  decideGuardianConsent: {
    summary: 'A guardian consents (account unlimited) or refuses (account deleted)',
    tag: 'Account',
    access: 'public',
    rateLimit: 'gateway',
    params: consentTokenParamSchema,
    body: guardianConsentDecisionSchema,
    success: { status: 204, description: 'Recorded' },
    errors: [404, 415],
  },
  listPendingConsents: {
    summary: 'Accounts waiting for a guardian’s consent',
    tag: 'Users',
    access: 'admin',
    success: {
      status: 200,
      schema: z.array(pendingConsentResponseSchema),
      description: 'Oldest first',
    },
  },
  resendConsent: {
    summary: 'Send the guardian’s consent mail again (at most 3 mails per account)',
    tag: 'Users',
    access: 'admin',
    params: consentUserParamSchema,
    success: { status: 204, description: 'Queued' },
    errors: [404, 409],
  },
  createJoinCode: {
    summary: 'Create a join code for a school (audited; supervisors for their own school)',
    tag: 'Users',
    access: 'supervisor',
    body: createJoinCodeSchema,
    success: { status: 201, schema: joinCodeCreatedResponseSchema, description: 'The new code' },
    errors: [403, 415],
  },
  listJoinCodes: {
    summary: 'Join codes, newest first (supervisors see their own school’s)',
    tag: 'Users',
    access: 'supervisor',
    success: { status: 200, schema: z.array(joinCodeResponseSchema), description: 'The codes' },
  },
  revokeJoinCode: {
    summary: 'Revoke a join code (audited); it stops working at once',
    tag: 'Users',
    access: 'supervisor',
    params: idParamSchema,
    success: { status: 204, description: 'Revoked' },
    errors: [403, 404],
  },
  importRoster: {
    summary: 'Import the district roster (OneRoster 1.1 orgs.csv and users.csv; audited)',
    tag: 'Users',
    access: 'admin',
    query: rosterImportQuerySchema,
    multipart: {
      field: ROSTER_FILES,
      description:
        'The orgs.csv and users.csv of a OneRoster 1.1 CSV export, UTF-8, each at most 64 MB',
      maxBytes: 64 * 1024 * 1024,
    },
    description:
      'A full import: people missing from it are deactivated (kept, signed out, hidden), returning ones reactivated. ?dryRun=true answers the preview and applies nothing. A file that is not a roster, or any bad line, answers 400 listing each line (errors[].path is the file, errors[].line the line, errors[].code a stable reason code with errors[].params, errors[].message "line N: reason" in English) and applies nothing.',
    success: {
      status: 200,
      schema: rosterImportResponseSchema,
      description: 'What was (or, previewed, would be) created, updated, deactivated, reactivated',
    },
    errors: [413, 415],
    // A bad roster's 400 lists its lines with their reason codes (issue 31); other refusals have
    // the one shape.
    errorSchema: apiErrorSchema
      .extend({
        errors: z.array(z.union([rosterLineErrorResponseSchema, apiFieldErrorSchema])).optional(),
      })
      .meta({ id: 'RosterImportError' }),
  },
  listOpportunities: {
    summary: 'Volunteer opportunities',
    tag: 'Opportunities',
    access: 'signedIn',
    query: opportunitiesQuerySchema,
    success: {
      status: 200,
      schema: z.union([z.array(opportunityResponseSchema), pageOf(opportunityResponseSchema)]),
      description: 'An array; a page when page or pageSize is given',
    },
    // The array is an ETag-validated cached list (issue 30).
    alsoAnswers: [
      { status: 304, description: 'Not modified: the copy named in If-None-Match is current' },
    ],
  },
  mySignups: {
    summary: 'Ids of the opportunities the caller has signed up for',
    tag: 'Opportunities',
    access: 'signedIn',
    success: { status: 200, schema: z.array(z.number().int()), description: 'Opportunity ids' },
  },
  createOpportunity: {
    summary: 'Create an opportunity',
    tag: 'Opportunities',
    access: 'admin',
    body: createOpportunitySchema,
    success: { status: 201, schema: opportunityResponseSchema, description: 'Created' },
    errors: [415],
  },
  deleteOpportunity: {
    summary: 'Delete an opportunity',
    tag: 'Opportunities',
    access: 'admin',
    params: idParamSchema,
    success: { status: 204, description: 'Deleted' },
    errors: [404],
  },
  changeOpportunityStatus: {
    summary: 'Archive or reopen an opportunity',
    tag: 'Opportunities',
    access: 'admin',
    params: idParamSchema,
    body: opportunityStatusSchema,
    success: { status: 200, schema: opportunityResponseSchema, description: 'Updated' },
    errors: [404, 415],
  },
  updateOpportunity: {
    summary: 'Edit an opportunity',
    description:
      'Any of title, description, location, date (start), endsAt and spaces, at least one. Moving the start alone keeps the duration. Students signed up are told of a new time or place.',
    tag: 'Opportunities',
    access: 'admin',
    params: idParamSchema,
    body: updateOpportunitySchema,
    success: { status: 200, schema: opportunityResponseSchema, description: 'Updated' },
    errors: [404, 409, 415],
  },
  opportunityCalendar: {
    summary: 'One opportunity as an iCalendar file',
    tag: 'Opportunities',
    access: 'signedIn',
    params: idParamSchema,
    success: {
      status: 200,
      contentType: 'text/calendar',
      description: 'A VCALENDAR with one VEVENT',
    },
    errors: [404],
  },
  calendarFeedUrl: {
    summary: 'The private address of my calendar feed',
    tag: 'Opportunities',
    access: 'signedIn',
    success: { status: 200, schema: calendarFeedResponseSchema, description: 'The feed address' },
  },
  resetCalendarFeed: {
    summary: 'A new calendar feed address; the old one stops working',
    tag: 'Opportunities',
    access: 'signedIn',
    success: { status: 200, schema: calendarFeedResponseSchema, description: 'The new address' },
  },
  calendarFeed: {
    summary: 'A student’s sign-ups as an iCalendar feed (the token in the path is the key)',
    tag: 'Opportunities',
    access: 'public',
    rateLimit: 'gateway',
    params: calendarFileParamSchema,
    success: { status: 200, contentType: 'text/calendar', description: 'A VCALENDAR' },
    errors: [404],
  },
  listSignups: {
    summary: 'Who signed up for an opportunity',
    tag: 'Opportunities',
    access: 'signedIn',
    params: idParamSchema,
    success: { status: 200, schema: z.array(signupEntrySchema), description: 'The sign-ups' },
    errors: [404],
  },
  signUp: {
    summary: 'Sign up for an opportunity (no body)',
    tag: 'Opportunities',
    access: 'signedIn',
    params: idParamSchema,
    success: { status: 201, schema: opportunityResponseSchema, description: 'Signed up' },
    errors: [404, 409],
  },
  withdraw: {
    summary: 'Withdraw a sign-up',
    tag: 'Opportunities',
    access: 'signedIn',
    params: idParamSchema,
    success: { status: 200, schema: opportunityResponseSchema, description: 'Withdrawn' },
    errors: [404, 409],
  },
  joinWaitlist: {
    summary: 'Join the waitlist of a full opportunity (again: no change)',
    tag: 'Opportunities',
    access: 'signedIn',
    params: idParamSchema,
    success: {
      status: 200,
      schema: opportunityResponseSchema,
      description: 'Waiting, with the caller’s waitlistPosition',
    },
    errors: [403, 404, 409],
  },
  leaveWaitlist: {
    summary: 'Leave the waitlist',
    tag: 'Opportunities',
    access: 'signedIn',
    params: idParamSchema,
    success: { status: 200, schema: opportunityResponseSchema, description: 'Left' },
    errors: [404, 409],
  },
  myWaitlist: {
    summary: 'The caller’s places in waitlists',
    tag: 'Opportunities',
    access: 'signedIn',
    success: { status: 200, schema: z.array(waitlistPlaceSchema), description: 'Places' },
  },
  listPhotos: {
    summary: 'Event photos of an opportunity (approved ones, and the caller’s own)',
    tag: 'Opportunities',
    access: 'signedIn',
    params: idParamSchema,
    success: { status: 200, schema: z.array(eventPhotoResponseSchema), description: 'The photos' },
    errors: [404],
  },
  submitPhoto: {
    summary: 'Submit an event photo for review',
    tag: 'Opportunities',
    access: 'signedIn',
    params: idParamSchema,
    body: eventPhotoSchema,
    multipart: {
      field: PHOTO_FIELD,
      description: 'A photo taken or chosen on the phone: an image of at most 5 MB',
      maxBytes: PHOTO_MAX_BYTES,
      text: eventPhotoUploadSchema,
    },
    description:
      'Either JSON with the photo’s URL, or (issue 33) multipart/form-data with the image file in `photo` and the `caption`: the image is checked, re-encoded to WebP without its metadata and stored, and photoUrl then names it (GET …/photos/{file}). A file that is not an image, or over 5 MB, is a 400 naming `photo`.',
    rateLimit: 'counter',
    success: { status: 201, schema: eventPhotoResponseSchema, description: 'Submitted, pending' },
    errors: [404, 409, 415],
  },
  getPhotoFile: {
    summary: 'An uploaded event photo',
    tag: 'Opportunities',
    access: 'signedIn',
    params: photoFileParamSchema,
    description:
      'Approved photos to anyone signed in; a pending or rejected one to its submitter and admins only.',
    success: { status: 200, contentType: 'image/webp', description: 'The image' },
    errors: [404],
    alsoAnswers: [
      { status: 304, description: 'Not modified: the copy named in If-None-Match is current' },
    ],
  },
  changePhotoStatus: {
    summary: 'Approve or reject an event photo',
    tag: 'Opportunities',
    access: 'admin',
    params: photoParamSchema,
    body: reviewStatusSchema,
    success: { status: 200, schema: eventPhotoResponseSchema, description: 'Reviewed' },
    errors: [404, 409, 415],
  },
  roster: {
    summary: 'The signed-up students of an opportunity with their attendance',
    tag: 'Opportunities',
    access: 'admin',
    params: idParamSchema,
    success: { status: 200, schema: z.array(rosterEntryResponseSchema), description: 'The roster' },
    errors: [404],
  },
  markAttendance: {
    summary: 'Mark a signed-up student attended (approved hours) or absent (hours undone)',
    tag: 'Opportunities',
    access: 'admin',
    params: attendanceParamSchema,
    body: attendanceInputSchema,
    success: { status: 200, schema: attendanceRecordResponseSchema, description: 'Recorded' },
    errors: [404, 415],
  },
  checkInCode: {
    summary: 'The rotating check-in code (30 s) and the page its QR code opens',
    tag: 'Opportunities',
    access: 'admin',
    params: idParamSchema,
    success: { status: 200, schema: checkInCodeResponseSchema, description: 'The current code' },
    errors: [404, 409],
  },
  checkIn: {
    summary:
      'Check in to an opportunity one is signed up for, with the code shown at the event; a check-in recorded offline carries scannedAt (checked as of then, up to 24 h late) and an idempotencyKey (sent twice, it counts once)',
    tag: 'Opportunities',
    access: 'signedIn',
    params: idParamSchema,
    body: checkInInputSchema,
    success: { status: 200, schema: attendanceRecordResponseSchema, description: 'Checked in' },
    errors: [403, 404, 409, 415],
  },
  listBlogPosts: {
    summary: 'Blog posts (approved ones, and the caller’s own; all for admins)',
    tag: 'Content',
    access: 'signedIn',
    query: blogListQuerySchema,
    success: {
      status: 200,
      schema: z.union([z.array(blogPostResponseSchema), pageOf(blogPostResponseSchema)]),
      description: 'An array; a page when page, pageSize or status is given',
    },
    alsoAnswers: [
      { status: 304, description: 'Not modified: the copy named in If-None-Match is current' },
    ],
  },
  createBlogPost: {
    summary: 'Write a blog post (pending review)',
    tag: 'Content',
    access: 'signedIn',
    body: blogPostSchema,
    success: { status: 201, schema: blogPostResponseSchema, description: 'Created' },
    errors: [415],
  },
  changeBlogPostStatus: {
    summary: 'Approve or reject a blog post',
    tag: 'Content',
    access: 'admin',
    params: idParamSchema,
    body: reviewStatusSchema,
    success: { status: 200, schema: blogPostResponseSchema, description: 'Reviewed' },
    errors: [404, 409, 415],
  },
  notifications: {
    summary: 'Notification feed (polling)',
    tag: 'Content',
    access: 'signedIn',
    success: { status: 200, schema: z.array(anyNotificationItemSchema), description: 'The feed' },
  },
  notificationsStream: {
    summary: 'Notification push channel (server-sent events)',
    tag: 'Content',
    access: 'signedIn',
    success: {
      status: 200,
      contentType: 'text/event-stream',
      description: 'Events named `notification` whose data is a notification item',
    },
  },
  listServiceHours: {
    summary: 'Service hour logs (own; every student’s for supervisors and admins)',
    tag: 'Service hours',
    access: 'signedIn',
    query: serviceHoursListQuerySchema,
    success: {
      status: 200,
      schema: z.union([
        z.array(serviceHoursLogResponseSchema),
        pageOf(serviceHoursLogResponseSchema),
        keysetPageOf(serviceHoursLogResponseSchema),
      ]),
      description:
        'An array; a page when page or pageSize is given; a keyset page (newest first) when limit or cursor is given',
    },
  },
  logServiceHours: {
    summary: 'Log service hours (pending review)',
    tag: 'Service hours',
    access: 'signedIn',
    body: serviceHoursSchema,
    success: { status: 201, schema: serviceHoursLogResponseSchema, description: 'Logged' },
    errors: [415],
  },
  changeServiceHoursStatus: {
    summary: 'Approve or reject logged hours (with an optional reason), or undo a decision',
    tag: 'Service hours',
    access: 'supervisor',
    params: idParamSchema,
    body: serviceHoursStatusSchema,
    success: { status: 200, schema: serviceHoursLogResponseSchema, description: 'Reviewed' },
    // 403: the reviewer's own entry; 409: already decided, or nothing to undo.
    errors: [404, 409, 415],
    description:
      '`approved` or `rejected` decide a pending entry (`reason`, at most 500 characters, only with `rejected`); `pending` returns a decided hand-logged entry to review (undo), taking back the credit of an approval.',
  },
  resubmitServiceHours: {
    summary: "Correct a rejected entry and send it again (the entry's owner)",
    tag: 'Service hours',
    access: 'signedIn',
    params: idParamSchema,
    body: serviceHoursCorrectionSchema,
    success: { status: 200, schema: serviceHoursLogResponseSchema, description: 'Pending again' },
    // 403: someone else's entry; 409: not rejected.
    errors: [403, 404, 409, 415],
  },
  issueServiceRecord: {
    summary: 'Issue an official service record (a student for themself; an admin with userId)',
    tag: 'Service hours',
    access: 'signedIn',
    body: issueServiceRecordSchema,
    success: { status: 201, schema: issuedServiceRecordResponseSchema, description: 'Issued' },
    // 403: a student naming another student.
    errors: [403, 404, 415],
  },
  getServiceRecord: {
    summary: 'An issued service record, and whether it still matches the approved hours',
    tag: 'Service hours',
    access: 'public',
    rateLimit: 'gateway',
    params: serviceRecordCodeParamSchema,
    success: { status: 200, schema: serviceRecordViewResponseSchema, description: 'The record' },
    errors: [404],
  },
  getServiceRecordPdf: {
    summary: 'The PDF of an issued service record, as issued',
    tag: 'Service hours',
    access: 'public',
    rateLimit: 'gateway',
    params: serviceRecordCodeParamSchema,
    success: { status: 200, contentType: 'application/pdf', description: 'The PDF' },
    errors: [404],
  },
  verifyServiceRecordPdf: {
    summary: 'Whether a PDF is exactly a record as issued',
    tag: 'Service hours',
    access: 'public',
    rateLimit: 'gateway',
    file: {
      contentType: 'application/pdf',
      description: 'The PDF itself, at most 5 MB',
      maxBytes: SERVICE_RECORD_PDF_MAX_BYTES,
    },
    success: { status: 200, schema: serviceRecordPdfCheckResponseSchema, description: 'The check' },
    errors: [413, 415],
  },
  serviceHoursSummary: {
    method: 'GET',
    path: serviceHoursSummaryPath,
    summary: 'Counts and sums of service hours, per school',
    tag: 'Service hours',
    access: 'signedIn',
    query: serviceHoursSummaryQuerySchema,
    success: { status: 200, schema: serviceHoursSummarySchema, description: 'The summary' },
  },
  // Issue 19: verification by the organisation (a mailed, single-use link).
  getHourConfirmation: {
    summary:
      'The entry a confirmation link asks about (first name, school, hours, date, description)',
    tag: 'Service hours',
    access: 'public',
    rateLimit: 'gateway',
    params: hourConfirmationTokenParamSchema,
    success: { status: 200, schema: hourConfirmationViewResponseSchema, description: 'The entry' },
    errors: [404, 410],
  },
  decideHourConfirmation: {
    summary: "The organisation's answer: confirmed or declined, once per link",
    tag: 'Service hours',
    access: 'public',
    rateLimit: 'gateway',
    params: hourConfirmationTokenParamSchema,
    body: hourConfirmationDecisionSchema,
    success: {
      status: 200,
      schema: hourConfirmationDecisionSchema.pick({ decision: true }),
      description: 'Recorded',
    },
    errors: [404, 410, 415],
  },
  resendHourConfirmationMail: {
    summary: "Mail the organisation's contact a new link (the entry's owner; 3 mails per entry)",
    tag: 'Service hours',
    access: 'signedIn',
    params: idParamSchema,
    success: { status: 204, description: 'Queued' },
    // 403: someone else's entry.
    errors: [403, 404, 409],
  },
  getHoursSettings: {
    summary: 'Whether a confirmation approves an entry by itself',
    tag: 'Service hours',
    access: 'admin',
    success: { status: 200, schema: hoursSettingsSchema, description: 'The settings' },
  },
  updateHoursSettings: {
    summary: 'Change whether a confirmation approves an entry by itself',
    tag: 'Service hours',
    access: 'admin',
    body: hoursSettingsSchema,
    success: { status: 200, schema: hoursSettingsSchema, description: 'The settings now' },
    errors: [415],
  },
  // Issue 19: hour goals, progress, the CSV export and the reports.
  listHourGoals: {
    method: 'GET',
    path: hourGoalsPath,
    summary: 'Hour goals per grade (and school)',
    tag: 'Service hours',
    access: 'signedIn',
    success: { status: 200, schema: z.array(hourGoalResponseSchema), description: 'Every goal' },
  },
  replaceHourGoals: {
    method: 'PUT',
    path: hourGoalsPath,
    summary: 'Replace every hour goal',
    tag: 'Service hours',
    access: 'admin',
    body: hourGoalsSchema,
    success: { status: 200, schema: z.array(hourGoalResponseSchema), description: 'The goals now' },
    errors: [415],
  },
  serviceHoursProgress: {
    method: 'GET',
    path: serviceHoursProgressPath,
    summary: "The caller's progress toward their goal",
    tag: 'Service hours',
    access: 'signedIn',
    success: { status: 200, schema: myProgressSchema, description: 'Progress' },
  },
  serviceHoursStudents: {
    method: 'GET',
    path: serviceHoursStudentsPath,
    summary: "Students' progress toward their goals",
    tag: 'Service hours',
    access: 'supervisor',
    query: studentProgressQuerySchema,
    success: {
      status: 200,
      schema: pageOf(studentProgressSchema),
      description: 'One page of students, most behind first (page, pageSize, q: part of a name)',
    },
  },
  serviceHoursBehindGoal: {
    method: 'GET',
    path: serviceHoursBehindGoalPath,
    summary: 'Students behind goal per school',
    tag: 'Service hours',
    access: 'supervisor',
    success: { status: 200, schema: behindGoalBySchoolSchema, description: 'Counts per school' },
  },
  exportServiceHours: {
    method: 'GET',
    path: serviceHoursExportPath,
    summary: 'Hour entries as CSV, with the supervisor screen filters',
    tag: 'Service hours',
    access: 'supervisor',
    query: hoursFilterQuerySchema,
    success: { status: 200, contentType: 'text/csv', description: 'CSV file (streamed)' },
  },
  serviceHoursReports: {
    method: 'GET',
    path: serviceHoursReportsPath,
    summary: 'Hours reports',
    tag: 'Service hours',
    access: 'admin',
    success: { status: 200, schema: hoursReportsSchema, description: 'The reports' },
  },
  serviceHoursReportCsv: {
    method: 'GET',
    path: `${serviceHoursReportsPath}/:report.csv`,
    summary: 'One hours report as CSV',
    tag: 'Service hours',
    access: 'admin',
    params: hoursReportParamSchema,
    success: { status: 200, contentType: 'text/csv', description: 'CSV file' },
    // No such report.
    errors: [404],
  },
  openApiDocument: {
    method: 'GET',
    path: '/api/openapi.json',
    summary: 'This document',
    tag: 'Contract',
    access: 'public',
    success: { status: 200, schema: z.record(z.string(), z.unknown()), description: 'OpenAPI 3.1' },
  },
};

export type EndpointName = keyof Registry;

export const API_ENDPOINTS: Record<EndpointName, EndpointSpec> = Object.fromEntries(
  Object.entries(spec).map(([name, entry]) => {
    const route = (API_ROUTES as Record<string, { method: HttpMethod; path: string }>)[name];
    return [name, route ? { ...route, ...entry } : entry];
  }),
) as Record<EndpointName, EndpointSpec>;

// The staff reference page: HTML and its script, served next to the document, not API calls.
export const API_DOCS_PAGES = [
  { method: 'GET', path: '/api/docs' },
  { method: 'GET', path: '/api/docs/:asset' },
] as const;

// Every status an endpoint may answer besides its success.
export function errorStatuses(endpoint: EndpointSpec): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>(endpoint.errors ?? []);
  if (endpoint.params || endpoint.query || endpoint.body || endpoint.multipart || endpoint.file)
    statuses.add(400);
  if (endpoint.body) statuses.add(413);
  // An overlong path parameter or query string.
  if (endpoint.params || endpoint.query) statuses.add(414);
  // The gateway refuses any state-changing call from another site (403), with a body over 1 MB
  // (413) or with a body that is not JSON (415; multipart/PDF where a route takes them).
  if (endpoint.method !== 'GET')
    for (const status of [403, 413, 415] as const) statuses.add(status);
  if (endpoint.access !== 'public') statuses.add(401);
  if (endpoint.access === 'admin' || endpoint.access === 'supervisor') statuses.add(403);
  if (endpoint.rateLimit) statuses.add(429);
  statuses.add(503);
  return [...statuses].sort((a, b) => a - b);
}
