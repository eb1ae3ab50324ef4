import { z } from 'zod';
import {
  AVATAR_MAX_BYTES,
  GRADE_MAX,
  GRADE_MIN,
  PASSWORD_MIN,
  SERVICE_HOURS_DECLARED_MAX,
  SERVICE_HOURS_DEFAULT,
  TEXT_LIMITS,
} from './constants';
import {
  emptyMeansNone,
  httpUrl,
  messageFor,
  plainText,
  requiredText,
  withNumberInputs,
} from './fields';
import { TOASTS, VALIDATION } from './messages';
import { SCHOOL_NAMES } from './schools';
import { languageSchema } from './i18n/languages';
import { CONSENT_MODES, dateOfBirthSchema, guardianEmailSchema } from './consent.schema';
import {
  joinCodeSchema,
  REGISTRATION_POLICIES,
  type RegisterOptions,
} from './registration-policy.schema';

const trimString = (value: unknown) => (typeof value === 'string' ? value.trim() : value);
const emptyToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

// Taken as typed (no trim); control characters are refused like in every other field.
export const passwordSchema = plainText({ trim: false })
  .min(PASSWORD_MIN, VALIDATION.passwordMin)
  .max(TEXT_LIMITS.password, VALIDATION.tooLong(TEXT_LIMITS.password));

export const schoolSchema = z.enum(SCHOOL_NAMES, {
  error: messageFor(VALIDATION.invalidSchool, VALIDATION.invalidSchool),
});

// A number in JSON bodies; query filters and the CLI wrap it in coercedNumber.
export const gradeSchema = z
  .number({ error: messageFor() })
  .int(VALIDATION.gradeInteger)
  .min(GRADE_MIN, VALIDATION.gradeRange)
  .max(GRADE_MAX, VALIDATION.gradeRange);

// Trimmed; control characters refused first (naming the field), then the address format.
export const emailText = (message: string, required?: string) =>
  z.preprocess(
    trimString,
    plainText({ message, required })
      .max(TEXT_LIMITS.email, message)
      // The document's input side is this string: it says what the pipe checks.
      .meta({ format: 'email' })
      .pipe(z.email({ error: messageFor(message, required) }).max(TEXT_LIMITS.email, message)),
  );

// Roles are never granted at registration (issue 9): `true` is refused, `false` (the spec form's
// default for isSupervisor) is accepted and means nothing.
const noRoleAtRegistration = z.literal(false, { error: VALIDATION.rolesAtRegistration }).optional();

// POST /api/register (SPEC §5 "Registration"); also the Register tab's form schema.
export const registerSchema = z.strictObject({
  username: requiredText(TEXT_LIMITS.username),
  password: passwordSchema,
  name: requiredText(TEXT_LIMITS.name),
  email: emailText(VALIDATION.invalidEmail),
  school: schoolSchema,
  grade: gradeSchema,
  serviceHours: z
    .number({ error: messageFor() })
    .min(0, VALIDATION.serviceHoursMin)
    .max(SERVICE_HOURS_DECLARED_MAX, VALIDATION.serviceHoursMax)
    .multipleOf(0.5, VALIDATION.serviceHoursStep)
    .default(SERVICE_HOURS_DEFAULT),
  avatarUrl: emptyMeansNone(httpUrl(VALIDATION.invalidAvatarUrl, TEXT_LIMITS.url)),
  isAdmin: noRoleAtRegistration,
  isSupervisor: noRoleAtRegistration,
});
export type RegisterInput = z.output<typeof registerSchema>;

// Issue 20: what POST /api/register accepts. The two consent fields are refused in school mode
// (the spec's body exactly) and checked against the district's mode by svc-auth; the guardian
// mode form adds them. Issue 31: school and grade are required by svc-auth where the district's
// registration policy asks for them (open: both; join code: the grade, the code sets the school;
// roster: neither, the roster holds them), and joinCode only under the join-code policy.
export const registerBodySchema = registerSchema.partial({ school: true, grade: true }).extend({
  dateOfBirth: emptyMeansNone(dateOfBirthSchema),
  guardianEmail: emptyMeansNone(guardianEmailSchema),
  joinCode: emptyMeansNone(joinCodeSchema),
});

// The Register form as the district's options shape it: the guardian mode's date of birth
// (required there; svc-auth checks the guardian's address against the age), the join code, and
// only the school and grade the policy asks for.
export function registerFormSchemaFor(options: RegisterOptions) {
  const policy = options.registrationPolicy;
  const base = registerSchema.omit({
    ...(policy === 'open' ? {} : { school: true }),
    ...(policy === 'roster' ? { grade: true } : {}),
  } as { school?: true; grade?: true });
  const guardian =
    options.consentMode === 'guardian'
      ? {
          dateOfBirth: z.preprocess(emptyToUndefined, dateOfBirthSchema),
          guardianEmail: emptyMeansNone(guardianEmailSchema),
        }
      : {};
  const code = policy === 'joinCode' ? { joinCode: joinCodeSchema } : {};
  return withNumberInputs(base.extend({ ...guardian, ...code }), ['grade', 'serviceHours']);
}
// The Register form in school mode, open policy (the spec's form): grade and hours typed as text
// become numbers first.
export const registerFormSchema = registerFormSchemaFor({
  consentMode: 'school',
  registrationPolicy: 'open',
});
export type RegisterBody = z.output<typeof registerBodySchema>;
export type RegisterBodyFormValues = z.input<typeof registerBodySchema>;
export type RegisterFormValues = z.input<typeof registerSchema>;

// POST /api/login: both fields required, nothing else checked (never hint which one was wrong).
export const loginSchema = z.strictObject({
  username: plainText()
    .min(1, VALIDATION.required)
    .max(TEXT_LIMITS.username, VALIDATION.tooLong(TEXT_LIMITS.username)),
  password: plainText({ trim: false })
    .min(1, VALIDATION.required)
    .max(TEXT_LIMITS.password, VALIDATION.tooLong(TEXT_LIMITS.password)),
});
export type LoginInput = z.output<typeof loginSchema>;

// POST /api/password-reset/request
export const forgotPasswordSchema = z.strictObject({
  email: emailText(VALIDATION.validEmail, VALIDATION.validEmail),
});
export type ForgotPasswordInput = z.output<typeof forgotPasswordSchema>;

// POST /api/password-reset/reset
export const resetPasswordSchema = z.strictObject({
  token: requiredText(TEXT_LIMITS.resetToken, TOASTS.resetTokenMissing),
  newPassword: passwordSchema,
});
export type ResetPasswordInput = z.output<typeof resetPasswordSchema>;

// The reset screen's form: the mismatch shows on the confirm field (SPEC §5).
export const resetPasswordFormSchema = z
  .strictObject({
    newPassword: passwordSchema,
    confirmPassword: plainText({ trim: false }),
  })
  .refine((values) => values.newPassword === values.confirmPassword, {
    message: VALIDATION.passwordsDontMatch,
    path: ['confirmPassword'],
    // Check the match even while newPassword is still too short, so both messages show at once.
    when: (payload) => {
      const value = payload.value as { newPassword?: unknown; confirmPassword?: unknown };
      return typeof value?.newPassword === 'string' && typeof value?.confirmPassword === 'string';
    },
  });
export type ResetPasswordFormValues = z.output<typeof resetPasswordFormSchema>;

// PATCH /api/users/{id}/school (admin)
export const changeSchoolSchema = z.strictObject({ school: schoolSchema });
export type ChangeSchoolInput = z.output<typeof changeSchoolSchema>;

// PATCH /api/users/{id}/roles (admin, issue 9)
export const changeRolesSchema = z
  .strictObject({
    isAdmin: z.boolean().optional(),
    isSupervisor: z.boolean().optional(),
  })
  .refine((v) => v.isAdmin !== undefined || v.isSupervisor !== undefined, {
    message: VALIDATION.rolesRequired,
  });
export type ChangeRolesInput = z.output<typeof changeRolesSchema>;

// The user as every screen sees them (SPEC §3); the directory sends exactly this, never e-mail.
export const directoryUserSchema = z.object({
  // Issue 20: a stable opaque key per user (React keys, "You"); no API accepts it.
  ref: z.string(),
  // Issue 20: only admins and supervisors receive ids (their controls need them); peers never do.
  id: z.number().int().optional(),
  name: z.string(),
  // Canonical registry name, or "Other" for legacy free text that matches nothing.
  school: z.string(),
  grade: z.number().int(),
  avatarUrl: z.string().nullable(),
  // Declared at registration + approved logged hours.
  serviceHours: z.number(),
  isAdmin: z.boolean(),
  isSupervisor: z.boolean(),
  // Issue 20: only in admins' and supervisors' directory, on students who hid themselves.
  hidden: z.boolean().optional(),
});
export type DirectoryUser = z.infer<typeof directoryUserSchema>;

// GET /api/user, POST /api/login, POST /api/register: the owner also sees their username and e-mail.
// GET /api/user?optional=1 (issue 34): the shell's own session check, for which "nobody signed
// in" is an answer (204), not an error every signed-out page load logs in the browser console.
export const currentUserQuerySchema = z.strictObject({
  optional: z.literal('1').optional(),
});

export const currentUserSchema = directoryUserSchema.extend({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  // Issue 20: whether other students see them in the directory and in sign-up lists.
  directoryVisible: z.boolean(),
  // Issue 20: under 13 in guardian mode and no guardian consent yet (the shell shows a banner).
  restricted: z.boolean(),
  // Issue 22: the language the user chose (PATCH /api/user/preferences), first the registering
  // browser's. Optional for a shell meeting an svc-auth from before issue 22.
  language: languageSchema.optional(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

// GET /api/backup/users: an array of these (no password hashes, no tokens).
// (The directory choice of issue 20 is not part of it: the file is as SPEC §6 describes.)
export const backupUserSchema = currentUserSchema.omit({
  ref: true,
  directoryVisible: true,
  restricted: true,
  language: true,
});
export type BackupUser = z.infer<typeof backupUserSchema>;

// PATCH /api/user/avatar: the multipart field name.
export const AVATAR_FIELD = 'avatar';

// Browser-side check before upload (SPEC §5 "Avatar upload"); the service re-checks the bytes.
export function avatarFileError(file: { size: number; type: string }): string | null {
  if (!file.type.startsWith('image/')) return VALIDATION.avatarNotImage;
  if (file.size > AVATAR_MAX_BYTES) return VALIDATION.avatarTooLarge;
  return null;
}

// Issue 20. PATCH /api/user/privacy: the student's own directory choice.
export const privacyChoiceSchema = z.strictObject({
  directoryVisible: z.boolean({
    error: messageFor(VALIDATION.directoryVisibleRequired, VALIDATION.directoryVisibleRequired),
  }),
});
export type PrivacyChoiceInput = z.output<typeof privacyChoiceSchema>;

// GET/PATCH /api/privacy/settings (admins): the district policy for new accounts. A PATCH may
// change any field (at least one); the answer always holds them all.
export const privacySettingsSchema = z
  .strictObject({
    directoryVisibleByDefault: z
      .boolean({
        error: messageFor(VALIDATION.directoryVisibleRequired, VALIDATION.directoryVisibleRequired),
      })
      .optional(),
    consentMode: z
      .enum(CONSENT_MODES, { error: "consentMode must be 'school' or 'guardian'" })
      .optional(),
    // Issue 31: who may join.
    registrationPolicy: z
      .enum(REGISTRATION_POLICIES, {
        error: "registrationPolicy must be 'open', 'roster', 'joinCode' or 'districtSignIn'",
      })
      .optional(),
  })
  .refine(
    (v) =>
      v.directoryVisibleByDefault !== undefined ||
      v.consentMode !== undefined ||
      v.registrationPolicy !== undefined,
    { message: VALIDATION.directoryVisibleRequired, path: ['directoryVisibleByDefault'] },
  );
export type PrivacySettingsChange = z.output<typeof privacySettingsSchema>;
export interface PrivacySettings {
  directoryVisibleByDefault: boolean;
  consentMode: (typeof CONSENT_MODES)[number];
  registrationPolicy: (typeof REGISTRATION_POLICIES)[number];
}

// POST /api/user/delete: the student removes their own account, confirming with the password.
export const deleteOwnAccountSchema = z.strictObject({
  password: plainText({
    trim: false,
    message: VALIDATION.passwordRequired,
    required: VALIDATION.passwordRequired,
  })
    .min(1, VALIDATION.passwordRequired)
    .max(TEXT_LIMITS.password, VALIDATION.tooLong(TEXT_LIMITS.password)),
});
export type DeleteOwnAccountInput = z.output<typeof deleteOwnAccountSchema>;
