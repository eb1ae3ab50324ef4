// Every user-facing text the spec fixes word for word (SPEC §2, §5, §8), plus the few messages we
// added where the spec is silent. Browser and services import these so wording never drifts.

// SPEC §5 validation messages, plus the generic defaults ("Required", "Expected X, received Y").
export const VALIDATION = {
  required: 'Required',
  invalidEmail: 'Invalid email address',
  invalidSchool: 'Invalid school selection',
  invalidAvatarUrl: 'Invalid avatar URL',
  validEmail: 'Please enter a valid email address',
  passwordMin: 'Password must be at least 8 characters long',
  passwordsDontMatch: "Passwords don't match",
  invalidPhotoUrl: 'Invalid photo URL',
  captionRequired: 'Caption is required',
  captionTooLong: 'Caption too long',
  titleMin: 'Title must be at least 5 characters long',
  contentMin: 'Content must be at least 100 characters long',
  descriptionMin: 'Description must be at least 10 characters',
  contactEmail: 'Enter a valid e-mail address',
  contactBoth: 'Give both the organisation and its contact e-mail, or neither',
  avatarTooLarge: 'File size must be less than 5MB',
  avatarNotImage: 'Please select an image file',
  // Not worded by the spec: our own, kept short and specific.
  gradeRange: 'Grade must be between 6 and 12',
  gradeInteger: 'Grade must be a whole number',
  serviceHoursMin: 'Service hours cannot be negative',
  serviceHoursMax: 'Service hours cannot exceed 10000',
  serviceHoursStep: 'Service hours must be in steps of 0.5',
  hoursMin: 'Hours must be at least 0.5',
  hoursMax: 'Hours cannot exceed 24',
  hoursStep: 'Hours must be in steps of 0.5',
  hoursDateInFuture: 'Date cannot be in the future',
  invalidDate: 'Invalid date',
  endBeforeStart: 'End must be after the start',
  spacesMin: 'Spaces must be at least 1',
  spacesInteger: 'Spaces must be a whole number',
  spacesMax: 'Spaces cannot exceed 10000',
  invalidId: 'Invalid id',
  invalidStatus: 'Status must be approved or rejected',
  // Issue 33: PATCH /api/service-hours/{id}/status also takes pending (a supervisor's undo).
  invalidHoursStatus: 'Status must be approved, rejected or pending',
  reasonOnlyWithRejection: 'A reason goes only with a rejection',
  reasonRequired: 'Choose or write a reason',
  invalidOpportunityStatus: 'Status must be active or archived',
  rolesAtRegistration: 'Roles cannot be set at registration',
  rolesRequired: 'Provide isAdmin or isSupervisor',
  directoryVisibleRequired: 'directoryVisible must be true or false',
  passwordRequired: 'Please enter your password',
  controlCharacters: 'Must not contain control characters',
  attendedBoolean: 'Attended must be true or false',
  codeRequired: 'Code is required',
  checkInCodeDigits: 'The check-in code has 6 digits',
  idempotencyKeyInvalid: 'idempotencyKey must be a UUID',
  invalidCursor: 'Invalid cursor',
  invalidLanguage: 'Language must be en or es',
  notFound: 'Not found',
  tooLong: (max: number) => `Must be at most ${max} characters`,
  unrecognizedField: (name: string) => `Unrecognized field: ${name}`,
  expected: (expected: string, received: string) => `Expected ${expected}, received ${received}`,
} as const;

// SPEC §8 toast titles and descriptions.
export const TOASTS = {
  errorTitle: 'Error',
  loginFailed: 'Login failed',
  registrationFailed: 'Registration failed',
  logoutFailed: 'Logout failed',
  avatarUpdateFailed: 'Failed to update profile picture',
  userDeleteFailed: 'Failed to delete user',
  schoolChangeFailed: 'Failed to update user school',
  backupFailed: 'Failed to download backup',
  resetTokenMissing: 'Reset token is missing',
  resetFailed: 'Failed to reset password',
  resetLinkSentTitle: 'Reset link sent!',
  resetLinkSentDescription: 'If an account with that email exists, a reset link has been sent.',
  passwordResetTitle: 'Success!',
  passwordResetDescription: 'Your password has been reset successfully.',
  avatarUpdated: 'Profile picture updated successfully',
  opportunityCreated: 'Opportunity created successfully',
  signedUp: 'You have signed up for this opportunity',
  opportunityDeleted: 'Opportunity deleted successfully',
  photoSubmitted: 'Photo submitted successfully! It will be visible after admin approval.',
  userDeleted: 'User deleted successfully',
  userSchoolUpdated: 'User school updated successfully',
  backupDownloaded: 'User data backup downloaded successfully',
  blogPostSubmitted: 'Your blog post has been submitted for review',
  blogPostStatusUpdated: 'Blog post status updated',
  // Beyond the spec (withdraw, archive, photo moderation, role change): same tone as the above.
  signupWithdrawn: 'You have withdrawn from this opportunity',
  opportunityArchived: 'Opportunity archived successfully',
  photoStatusUpdated: 'Photo status updated',
  userRolesUpdated: 'User roles updated successfully',
  userRolesUpdateFailed: 'Failed to update user roles',
  // Issue 18: the waitlist.
  waitlistJoined: 'You have joined the waitlist',
  waitlistLeft: 'You have left the waitlist',
} as const;

// SPEC §8 new-opportunity notification toast.
export const NOTIFICATION_TOAST = {
  title: 'New Volunteer Opportunity!',
  description: (title: string, location: string) => `${title} - ${location}`,
  extraLine: 'Make a difference today!',
  iconColors: ['yellow', 'red', 'purple', 'blue'] as const,
} as const;

// SPEC §2 empty-state texts.
export const EMPTY_TEXTS = {
  activeOpportunities: 'No active opportunities available yet.',
  activeOpportunitiesAdminSuffix: ' Create one to get started!',
  archivedEvents: 'No archived events yet. Check back after events are completed!',
  photos: 'No photos submitted yet. Be the first!',
  schoolStudents: 'No students registered yet from this school',
  directory: 'No students have joined yet from any school.',
  blogPosts: 'No blog posts available yet. Be the first to share your thoughts!',
} as const;

// SPEC §2 fixed screen texts that tests and screens must agree on.
export const SCREEN_TEXTS = {
  landing: 'Make a Difference in Your Community',
  forgotPasswordLink: 'Forgot your password?',
  sendResetLink: 'Send Reset Link',
  checkYourEmail: 'Check Your Email',
  invalidResetLinkTitle: 'Invalid Reset Link',
  invalidResetLinkText: 'This password reset link is invalid or has expired.',
  resetPasswordButton: 'Reset Password',
  passwordResetSuccessful: 'Password Reset Successful!',
  goToLogin: 'Go to Login',
  volunteerTitle: 'Volunteer Opportunities',
  activeOpportunitiesTab: 'Active Opportunities',
  pastEventsTab: 'Past Events & Photos',
  signUp: 'Sign Up',
  full: 'Full - No Spots Available',
  // Issue 18: beside the disabled Full button.
  joinWaitlist: 'Join waitlist',
  leaveWaitlist: 'Leave waitlist',
  waitlistPosition: (position: number) => `You are #${position} on the waitlist`,
  createOpportunity: 'Create Opportunity',
  submitPhotos: 'Submit Photos',
  directoryTitle: 'Student Directory',
  backupUserData: 'Backup User Data',
  deleteUserWarning: 'cannot be undone',
  blogTitle: 'Student Blog Posts',
  writePost: 'Write a Post',
  submitForReview: 'Submit for Review',
  unknownAuthor: 'Unknown Author',
  postedOn: 'Posted on',
  serviceHoursSignedOut: 'Please log in to access service hours tracking.',
  logHoursTab: 'Log Hours',
  myHoursTab: 'My Hours',
  accessDeniedTitle: 'Access Denied',
  accessDeniedText: 'This page is only accessible to supervisors and administrators.',
  allSchools: 'All Schools',
  notFoundTitle: '404 Page Not Found',
  notFoundText: 'Did you forget to add the page to the router?',
} as const;

// The kit's own texts (packages/ui components), shared by every area: a spinner's default label,
// a dialog's close button, the combobox's empty list, the toaster's landmark (issue 22).
export const KIT_TEXTS = {
  loading: 'Loading',
  close: 'Close',
  cancel: 'Cancel',
  optional: '(optional)',
  noMatches: 'No matches',
  showAllOptions: 'Show all options',
  notification: 'Notification',
  // Radix replaces {hotkey} with the shortcut (F8): keep the placeholder in every language.
  notificationsRegion: 'Notifications ({hotkey})',
} as const;

// SPEC §8 developer-facing error.
export const USE_AUTH_OUTSIDE_PROVIDER = 'useAuth must be used within an AuthProvider';

// Server messages the spec leaves open; shared so the UI and tests can rely on the wording.
export const API_MESSAGES = {
  unauthorized: 'Unauthorized',
  forbidden: 'Forbidden',
  notFound: 'Not Found',
  malformedJson: 'Malformed JSON body',
  bodyTooLarge: 'Request body too large',
  unsupportedMediaType: 'Unsupported media type',
  // Issue 29: JSON is UTF-8 (RFC 8259 §8.1); other bytes are refused, never read as U+FFFD.
  invalidUtf8: 'Request body is not valid UTF-8',
  unsupportedCharset: 'Unsupported charset: send UTF-8',
  methodNotAllowed: 'Method not allowed',
  tooManyRequests: 'Too many requests, please try again later',
  // Issue 29: the number is the response's Retry-After (seconds, or whole minutes from two on).
  loginThrottledSecond: 'Too many failed login attempts. Please try again in 1 second.',
  loginThrottledSeconds: (seconds: number) =>
    `Too many failed login attempts. Please try again in ${seconds} seconds.`,
  loginThrottledMinutes: (minutes: number) =>
    `Too many failed login attempts. Please try again in ${minutes} minutes.`,
  internalError: 'Internal server error',
  serviceUnavailable: 'Service temporarily unavailable',
  invalidCredentials: 'Invalid username or password',
  wrongPassword: 'That password is not correct',
  usernameTaken: 'Username already exists',
  invalidResetToken: 'Invalid or expired reset token',
  avatarRequired: 'Please select an image file',
  cannotDeleteSelf: 'You cannot delete your own account',
  cannotRemoveOwnAdmin: 'You cannot remove your own admin rights',
  lastAdmin: 'The last admin cannot be demoted',
  userNotFound: 'User not found',
  opportunityNotFound: 'Opportunity not found',
  opportunityFull: 'This opportunity is full',
  opportunityArchived: 'This opportunity is no longer open for sign-up',
  alreadySignedUp: 'You have already signed up for this opportunity',
  notSignedUp: 'You are not signed up for this opportunity',
  // Issue 18: the waitlist is for full opportunities only.
  opportunityNotFull: 'This opportunity still has spots available: sign up instead',
  notOnWaitlist: 'You are not on the waitlist for this opportunity',
  photoNotFound: 'Photo not found',
  photoOpportunityMismatch: 'opportunityId does not match the URL',
  photoNotArchived: 'Photos can only be submitted for past events',
  blogPostNotFound: 'Blog post not found',
  serviceHoursNotFound: 'Service hours entry not found',
  // Issue 19: the organisation's confirmation link. Both say nothing about the entry.
  confirmationNotFound: 'This confirmation link is not valid',
  confirmationGone: 'This confirmation link has expired or has already been used',
  confirmationMailLimit: 'The confirmation e-mail can be sent at most 3 times for an entry',
  confirmationNotAsked: 'No organisation was asked to confirm this entry',
  onlyPending: 'Only pending items can be reviewed',
  // Issue 22: texts svc-hours and svc-content used to build in place. `status` is the row's
  // status word (approved, rejected; confirmed, declined), which Spanish translates too.
  entryAlreadyReviewed: (status: string) =>
    `Only pending items can be reviewed: this entry is already ${status}`,
  postAlreadyReviewed: (status: string) =>
    `Only pending items can be reviewed: this post is already ${status}`,
  confirmationAlreadyDecided: (decision: string) =>
    `The organisation has already ${decision} this entry`,
  selfReview: 'You cannot review your own service hours',
  // Issue 33: undo (back to pending) and the student's correction.
  entryNotDecided: 'This entry is pending: there is no decision to undo',
  attendanceUndo: "Hours from attendance are changed on the event's roster",
  resubmitOwnOnly: 'You can only correct your own service hours',
  resubmitOnlyRejected: 'Only a rejected entry can be corrected and sent again',
  pdfRequired: 'Send the PDF as application/pdf',
  recordForOtherStudent: 'Only an admin can issue a record for another student',
  serviceRecordNotFound: 'Service record not found',
  studentNotFound: 'Student not found',
} as const;
