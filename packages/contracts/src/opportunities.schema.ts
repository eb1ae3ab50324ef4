import { z } from 'zod';
import {
  CAPTION_MAX,
  OPPORTUNITY_STATUSES,
  REVIEW_STATUSES,
  SPACES_MAX,
  SPACES_MIN,
  TEXT_LIMITS,
} from './constants';
import {
  dateTime,
  withNumberInputs,
  httpUrl,
  idSchema,
  messageFor,
  plainText,
  requiredText,
} from './fields';
import { VALIDATION } from './messages';
import { repeatWeeksSchema, timeZoneSchema } from './opportunity-edit.schema';
import { paginationQuerySchema } from './pagination';

// An opportunity without an end lasts this long (issue 18).
export const DEFAULT_OPPORTUNITY_DURATION_MS = 2 * 60 * 60 * 1000;

// The end an opportunity gets when none is given: start + 2 hours.
export const defaultEndsAt = (start: Date): Date =>
  new Date(start.getTime() + DEFAULT_OPPORTUNITY_DURATION_MS);

// POST /api/opportunities (admin) and the Create Opportunity form. `date` is the start; `endsAt`
// (optional, beyond the spec) must come after it.
export const createOpportunitySchema = z
  .strictObject({
    title: requiredText(TEXT_LIMITS.opportunityTitle),
    description: requiredText(TEXT_LIMITS.opportunityDescription, undefined, { multiline: true }),
    location: requiredText(TEXT_LIMITS.location),
    date: dateTime(),
    endsAt: dateTime().optional(),
    spaces: z
      .number({ error: messageFor() })
      .int(VALIDATION.spacesInteger)
      .min(SPACES_MIN, VALIDATION.spacesMin)
      .max(SPACES_MAX, VALIDATION.spacesMax),
    // Issue 18: "Repeat weekly": this many dates a week apart, one opportunity each.
    repeatWeeks: repeatWeeksSchema,
    timeZone: timeZoneSchema.optional(),
  })
  .refine((o) => o.endsAt === undefined || o.endsAt > o.date, {
    path: ['endsAt'],
    message: VALIDATION.endBeforeStart,
  });
export type CreateOpportunityInput = z.output<typeof createOpportunitySchema>;
// The Create Opportunity form: its text inputs for numbers converted, then the body's schema.
export const createOpportunityFormSchema = withNumberInputs(createOpportunitySchema, [
  'spaces',
  'repeatWeeks',
]);

const opportunityStatusEnum = z.enum(OPPORTUNITY_STATUSES, {
  error: messageFor(VALIDATION.invalidOpportunityStatus, VALIDATION.invalidOpportunityStatus),
});

// GET /api/opportunities?status=active|archived. Beyond the spec, ?page&pageSize answer one
// Page of the same list (the Past Events tab); without them the answer is the spec's whole array.
export const opportunitiesQuerySchema = z.object({
  status: opportunityStatusEnum.optional(),
  ...paginationQuerySchema.shape,
});
export type OpportunitiesQuery = z.output<typeof opportunitiesQuerySchema>;

// PATCH /api/opportunities/{id}/status (admin; archive by hand, beyond the spec).
export const opportunityStatusSchema = z.strictObject({ status: opportunityStatusEnum });
export type OpportunityStatusInput = z.output<typeof opportunityStatusSchema>;

export const opportunityResponseSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  location: z.string(),
  // ISO datetime: the start
  date: z.string(),
  // ISO datetime: the end (issue 18)
  endsAt: z.string(),
  spaces: z.number().int(),
  status: z.enum(OPPORTUNITY_STATUSES),
  // Signups so far; the opportunity is full when filled >= spaces.
  filled: z.number().int(),
  // Whether the caller has signed up (lets the card offer withdraw).
  signedUp: z.boolean().optional(),
  // Issue 18: the weekly series it was created in (absent for a one-off).
  seriesId: z.string().optional(),
  // Issue 18, in answers for one caller (not the shared list): the caller's place in the
  // waitlist (1 = next in line) or null, and how many are waiting.
  waitlistPosition: z.number().int().nullable().optional(),
  waitlistCount: z.number().int().optional(),
});
export type Opportunity = z.infer<typeof opportunityResponseSchema>;

export const isOpportunityFull = (o: Pick<Opportunity, 'filled' | 'spaces'>) =>
  o.filled >= o.spaces;

// GET /api/opportunities/{id}/signups: one entry per signed-up student.
export const signupResponseSchema = z.object({ name: z.string(), school: z.string() });
export type Signup = z.infer<typeof signupResponseSchema>;

// POST /api/opportunities/{id}/photos and the Submit Photos form. opportunityId is optional in
// the body because the path carries it; when sent it must agree.
export const eventPhotoSchema = z.strictObject({
  opportunityId: idSchema.optional(),
  photoUrl: httpUrl(VALIDATION.invalidPhotoUrl, TEXT_LIMITS.url),
  caption: plainText({ required: VALIDATION.captionRequired })
    .min(1, VALIDATION.captionRequired)
    .max(CAPTION_MAX, VALIDATION.captionTooLong),
});
export type EventPhotoInput = z.output<typeof eventPhotoSchema>;

// Issue 33: the same call as multipart/form-data, the image file in PHOTO_FIELD and the caption
// as a text field; the service checks and re-encodes the file like an avatar.
export const PHOTO_FIELD = 'photo';
export const eventPhotoUploadSchema = eventPhotoSchema.pick({ caption: true });
export type EventPhotoUploadInput = z.output<typeof eventPhotoUploadSchema>;

// The Submit Photos form: a file taken or chosen on the phone (`hasFile`), or the photo's URL,
// checked as the call checks it; the caption either way.
export const submitPhotoFormSchema = eventPhotoUploadSchema
  .extend({ photoUrl: plainText(), hasFile: z.boolean() })
  .superRefine((value, ctx) => {
    if (value.hasFile) return;
    const url = eventPhotoSchema.shape.photoUrl.safeParse(value.photoUrl);
    if (!url.success)
      ctx.addIssue({ code: 'custom', path: ['photoUrl'], message: url.error.issues[0].message });
  });

export const eventPhotoResponseSchema = z.object({
  id: z.number().int(),
  opportunityId: z.number().int(),
  photoUrl: z.string(),
  caption: z.string().nullable(),
  // The submitter's display name, shown as "by {username}".
  username: z.string(),
  status: z.enum(REVIEW_STATUSES),
  submittedAt: z.string().optional(),
});
export type EventPhoto = z.infer<typeof eventPhotoResponseSchema>;

// GET /api/opportunities/mine/waitlist: the caller's places in waitlists, for the cards (the
// cached list is the same for everyone, so it cannot say).
export const waitlistPlaceSchema = z.object({
  opportunityId: z.number().int(),
  // 1 = next in line
  position: z.number().int(),
});
export type WaitlistPlace = z.infer<typeof waitlistPlaceSchema>;
