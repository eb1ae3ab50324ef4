import { z } from 'zod';
import { SPACES_MAX, SPACES_MIN, TEXT_LIMITS } from './constants';
import { dateTime, messageFor, plainText, requiredText, withNumberInputs } from './fields';
import { VALIDATION } from './messages';
import { OPPORTUNITY_EDIT_MESSAGES } from './feature-messages';

// Their texts live in a zod-free module the browser's first load can import (issue 22).
export { OPPORTUNITY_EDIT_MESSAGES } from './feature-messages';

// The district's zone: series dates keep their wall-clock time here when the browser does not
// say its own, and server-written texts (change notices) give times in it.
export const DISTRICT_TIME_ZONE = 'America/Chicago';

export const REPEAT_WEEKS_MIN = 2;
export const REPEAT_WEEKS_MAX = 26;

// A weekly series: how many dates (the first included) and the creator's IANA time zone, so that
// "every Saturday at 9:00" stays 9:00 across a daylight-saving change.
export const repeatWeeksSchema = z
  .number({ error: messageFor(OPPORTUNITY_EDIT_MESSAGES.repeatWeeksRange) })
  .int(OPPORTUNITY_EDIT_MESSAGES.repeatWeeksRange)
  .min(REPEAT_WEEKS_MIN, OPPORTUNITY_EDIT_MESSAGES.repeatWeeksRange)
  .max(REPEAT_WEEKS_MAX, OPPORTUNITY_EDIT_MESSAGES.repeatWeeksRange)
  .optional();

export const timeZoneSchema = plainText({ trim: false })
  .max(64)
  .refine(
    (zone) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    },
    { message: OPPORTUNITY_EDIT_MESSAGES.invalidTimeZone },
  );

// PATCH /api/opportunities/{id} (admin) and the Edit dialog: any of the create form's fields,
// at least one; when both times come, the end is after the start (the service checks the
// stored one otherwise).
export const updateOpportunitySchema = z
  .strictObject({
    title: requiredText(TEXT_LIMITS.opportunityTitle).optional(),
    description: requiredText(TEXT_LIMITS.opportunityDescription, undefined, {
      multiline: true,
    }).optional(),
    location: requiredText(TEXT_LIMITS.location).optional(),
    date: dateTime().optional(),
    endsAt: dateTime().optional(),
    spaces: z
      .number({ error: messageFor() })
      .int(VALIDATION.spacesInteger)
      .min(SPACES_MIN, VALIDATION.spacesMin)
      .max(SPACES_MAX, VALIDATION.spacesMax)
      .optional(),
  })
  .refine((input) => Object.values(input).some((value) => value !== undefined), {
    message: OPPORTUNITY_EDIT_MESSAGES.nothingToChange,
  })
  .refine((input) => !input.date || !input.endsAt || input.endsAt > input.date, {
    message: VALIDATION.endBeforeStart,
    path: ['endsAt'],
  });
export type UpdateOpportunityInput = z.output<typeof updateOpportunitySchema>;
// The Edit dialog: its text input for spaces converted, then the body's schema.
export const updateOpportunityFormSchema = withNumberInputs(updateOpportunitySchema, ['spaces']);

// GET /api/calendar/feed: the signed-in student's private subscription address.
export const calendarFeedResponseSchema = z.object({ url: z.string() });
export type CalendarFeedResponse = z.infer<typeof calendarFeedResponseSchema>;
