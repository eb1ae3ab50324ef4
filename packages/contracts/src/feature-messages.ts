// The texts of the attendance, consent, hour-goal and opportunity-edit features, kept apart from
// their zod schemas (which re-export them): the shared catalogue (i18n/shared-messages.ts) reaches
// the browser's first load, and zod must not come with it (issue 22).

export const ATTENDANCE_MESSAGES = {
  wrongCode: 'That check-in code is wrong or has expired. Scan the code shown at the event again.',
  checkInClosed:
    'Check-in is open only from one hour before the event until one hour after it ends',
  notSignedUp: 'You are not signed up for this opportunity',
  studentNotSignedUp: 'This student is not signed up for this opportunity',
  // Issue 34: a check-in recorded on the phone offline and sent later.
  // (Short: every shared message is in the sign-in screen's first load.)
  scannedOutOfRange: 'Check-ins must be sent within 24 hours',
} as const;

export const CONSENT_MAILS_MAX = 3;
export const CONSENT_MESSAGES = {
  dateOfBirthRequired: 'Date of birth is required',
  dateOfBirthInvalid: 'Enter your date of birth as YYYY-MM-DD',
  guardianEmailRequired: "Students under 13 must give a parent's or guardian's e-mail address",
  guardianEmailInvalid: 'Enter a valid e-mail address for your parent or guardian',
  notAskedInSchoolMode: 'This field is not asked for in this district',
  restrictedBlog: 'Your parent or guardian has not agreed yet: you can post once they do',
  restrictedPhoto: 'Your parent or guardian has not agreed yet: you can add photos once they do',
  restrictedVisibility:
    'Your parent or guardian has not agreed yet: other students can see you once they do',
  invalidConsentLink: 'This consent link is invalid, already used or expired',
  notPending: 'This account is not waiting for consent',
  resendLimit: `The consent e-mail was already sent ${CONSENT_MAILS_MAX} times for this account`,
  bannerTitle: 'Your account is limited until a parent or guardian agrees',
  bannerText:
    'Because you are under 13, we e-mailed your parent or guardian a link. Until they open it and agree, you cannot post on the blog or add photos, and other students do not see you. Accounts without consent are deleted after 30 days.',
} as const;

export const GOAL_HOURS_MAX = 1000;
export const HOUR_GOALS_MAX = 200;
export const GOAL_MESSAGES = {
  hoursMin: 'Goal hours must be at least 0.5',
  hoursMax: `Goal hours cannot exceed ${GOAL_HOURS_MAX}`,
  hoursStep: 'Goal hours must be in steps of 0.5',
  school: 'Choose a school from the list',
  dueDate: 'Due date must be a date (YYYY-MM-DD)',
  duplicate: 'Only one goal per grade and school',
  tooMany: `At most ${HOUR_GOALS_MAX} goals`,
} as const;

// Issue 18 texts (our own wording, in the spec's voice).
export const OPPORTUNITY_EDIT_MESSAGES = {
  nothingToChange: 'Change at least one field',
  spacesBelowSignups: (filled: number) =>
    `Spaces cannot be fewer than the ${filled} students already signed up`,
  repeatWeeksRange: 'Repeat weekly between 2 and 26 times',
  invalidTimeZone: 'Unknown time zone',
  opportunityUpdated: 'Opportunity updated successfully',
  seriesCreated: (count: number) => `${count} opportunities created successfully`,
} as const;

// Issue 31 "Who may join": each refusal says how to get in.
export const REGISTRATION_MESSAGES = {
  rosterOnly:
    'Only students on the district roster can register. Use the e-mail address your school has for you, or sign in with your district account.',
  rosterAlreadyRegistered:
    'An account already exists for this student. Sign in, or reset your password.',
  joinCodeRequired:
    'You need a join code to register. Ask your teacher or school supervisor for one.',
  joinCodeInvalid:
    'This join code is not valid: it may have expired or been used up. Ask your teacher or school supervisor for a new one.',
  districtSignInOnly:
    'Students do not register with a password here. Sign in with your district account instead.',
  usesRange: 'Uses must be a whole number from 1 to 10000',
  expiresAtInvalid: 'Choose an expiry date within the next year',
  ownSchoolOnly: 'Supervisors can manage join codes for their own school only',
  joinCodeNotFound: 'Join code not found',
  rosterRefused: 'The roster was not imported: fix the lines listed and upload it again',
  rosterFilesRequired: 'Upload the orgs.csv and users.csv files of a OneRoster 1.1 export',
  rosterTooLarge: 'A roster file may be at most 64 MB',
} as const;
