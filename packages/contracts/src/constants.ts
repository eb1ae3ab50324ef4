// Business constants and limits of SPEC §9, plus the few platform-wide values both sides need.

export const GRADE_MIN = 6;
export const GRADE_MAX = 12;

export const HOURS_MIN = 0.5;
export const HOURS_MAX = 24;
export const HOURS_STEP = 0.5;
export const HOURS_DEFAULT = 1;

export const SERVICE_HOURS_DEFAULT = 0;
// Declared hours at registration: numeric(6,1) would overflow past 99999.9; a sane ceiling instead of a 500.
export const SERVICE_HOURS_DECLARED_MAX = 10_000;

export const CAPTION_MAX = 200;
export const BLOG_TITLE_MIN = 5;
export const BLOG_CONTENT_MIN = 100;
export const HOURS_DESCRIPTION_MIN = 10;
export const PASSWORD_MIN = 8;

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_ACCEPT = 'image/*';
// Issue 33: an event photo taken or chosen on the phone is checked and re-encoded like an avatar.
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;

export const SPACES_MIN = 1;
export const SPACES_MAX = 10_000;

// Upper bounds the spec leaves open; they keep rows and payloads sane (a 1 MB title is not a title).
export const TEXT_LIMITS = {
  username: 50,
  password: 200,
  name: 100,
  email: 254,
  url: 2048,
  opportunityTitle: 200,
  opportunityDescription: 5000,
  location: 200,
  blogTitle: 200,
  blogContent: 50_000,
  hoursDescription: 2000,
  resetToken: 512,
  organisation: 200,
  confirmationComment: 1000,
  // Issue 33: why a supervisor rejected an hours entry.
  rejectionReason: 500,
} as const;

export const OPPORTUNITY_STATUSES = ['active', 'archived'] as const;
export type OpportunityStatus = (typeof OPPORTUNITY_STATUSES)[number];
export const OPPORTUNITY_STATUS_DEFAULT: OpportunityStatus = 'active';

// Photos, blog posts and hour logs share one review life cycle: pending, then approved or rejected.
export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export const REVIEW_DECISIONS = ['approved', 'rejected'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];
export const REVIEW_STATUS_DEFAULT: ReviewStatus = 'pending';

export const NOTIFICATION_TYPES = ['new_opportunity'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NOTIFICATION_POLL_INTERVAL_MS = 30_000;

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = ['F8'] as const;
export const TOAST_VIEWPORT_MAX_WIDTH_PX = 420;
export const TOAST_VIEWPORT_Z_INDEX = 100;

export const MAX_JSON_BODY_BYTES = 1024 * 1024;

// Password reset tokens (DESIGN.md): single-use, one hour.
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

// Identity plumbing shared by gateway, service-kit and svc-auth (docs/architecture.md "Identity").
export const SESSION_COOKIE_NAME = 'sid';
export const IDENTITY_HEADER = 'x-identity';

export const ROLES = ['student', 'supervisor', 'admin'] as const;
export type Role = (typeof ROLES)[number];

// "users-backup-YYYY-MM-DD.json" (DESIGN.md "Backup"), dated in UTC.
export function usersBackupFileName(date: Date = new Date()): string {
  return `users-backup-${date.toISOString().slice(0, 10)}.json`;
}
