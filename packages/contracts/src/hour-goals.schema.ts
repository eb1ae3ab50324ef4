import { z } from 'zod';
import { HOURS_STEP, REVIEW_STATUSES } from './constants';
import { calendarDayText, coercedNumber, messageFor, plainText } from './fields';
import { paginationQuerySchema } from './pagination';
import { VALIDATION } from './messages';
import { SCHOOL_NAMES, OTHER_SCHOOL } from './schools';
import { gradeSchema } from './users.schema';
import { GOAL_HOURS_MAX, HOUR_GOALS_MAX, GOAL_MESSAGES } from './feature-messages';

// Their texts live in a zod-free module the browser's first load can import (issue 22).
export { GOAL_HOURS_MAX, HOUR_GOALS_MAX, GOAL_MESSAGES } from './feature-messages';

// Issue 19: hour requirements per grade (district-wide), optionally per school, and the
// progress, filters, export and reports built on them.

export const hourGoalsPath = '/api/hour-goals';
export const serviceHoursProgressPath = '/api/service-hours/progress';
export const serviceHoursStudentsPath = '/api/service-hours/students';
export const serviceHoursBehindGoalPath = '/api/service-hours/behind-goal';
export const serviceHoursExportPath = '/api/service-hours/export.csv';
export const serviceHoursReportsPath = '/api/service-hours/reports';
export const serviceHoursReportCsvPath = (report: HoursReportName) =>
  `/api/service-hours/reports/${report}.csv`;

// A calendar day as text (YYYY-MM-DD) that exists: no time zone can shift it.
export const calendarDaySchema = (message: string) => calendarDayText(message);

const GOAL_SCHOOLS = [...SCHOOL_NAMES, OTHER_SCHOOL] as const;

export const hourGoalSchema = z.strictObject({
  grade: gradeSchema,
  // A canonical school name: this school's goal overrides the grade's district-wide one (null).
  school: z
    .enum(GOAL_SCHOOLS, { error: messageFor(GOAL_MESSAGES.school) })
    .nullable()
    .optional()
    .transform((school) => school ?? null),
  hours: z
    .number({ error: messageFor() })
    .min(HOURS_STEP, GOAL_MESSAGES.hoursMin)
    .max(GOAL_HOURS_MAX, GOAL_MESSAGES.hoursMax)
    .multipleOf(HOURS_STEP, GOAL_MESSAGES.hoursStep),
  dueDate: calendarDaySchema(GOAL_MESSAGES.dueDate),
});
// A stored goal as GET and PUT /api/hour-goals answer it.
export const hourGoalResponseSchema = z.object({
  grade: z.number().int(),
  school: z.string().nullable(),
  hours: z.number(),
  dueDate: z.string(),
});
export type HourGoalInput = z.input<typeof hourGoalSchema>;
export type HourGoal = z.output<typeof hourGoalSchema>;

// PUT /api/hour-goals: the whole set replaces the stored one.
export const hourGoalsSchema = z
  .array(hourGoalSchema)
  .max(HOUR_GOALS_MAX, GOAL_MESSAGES.tooMany)
  .superRefine((goals, ctx) => {
    const seen = new Set<string>();
    goals.forEach((goal, index) => {
      const key = `${goal.grade}|${goal.school ?? ''}`;
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', path: [index, 'school'], message: GOAL_MESSAGES.duplicate });
      seen.add(key);
    });
  });

const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((v) => v === 'true' || v === '1');

// The supervisor screen's filters, shared by the export and the student list.
export const hoursFilterQuerySchema = z.object({
  school: z.enum(GOAL_SCHOOLS, { error: messageFor(GOAL_MESSAGES.school) }).optional(),
  grade: coercedNumber(gradeSchema.optional()),
  status: z.enum(REVIEW_STATUSES).optional(),
  // Entry dates, inclusive.
  from: calendarDaySchema('From must be a date (YYYY-MM-DD)').optional(),
  to: calendarDaySchema('To must be a date (YYYY-MM-DD)').optional(),
  behindGoal: booleanFlag,
});
export type HoursFilterQuery = z.output<typeof hoursFilterQuerySchema>;

// The goal that applies to one student and how far along they are.
export const goalProgressSchema = z.object({
  goal: z
    .object({
      hours: z.number(),
      dueDate: z.string(),
      grade: z.number().int(),
      // null: the grade's district-wide goal.
      school: z.string().nullable(),
    })
    .nullable(),
  approvedHours: z.number(),
  pendingHours: z.number(),
  // 0 once the goal is met; null without a goal.
  hoursLeft: z.number().nullable(),
  // Calendar days until the due date (negative once past); null without a goal.
  daysLeft: z.number().int().nullable(),
  // A goal applies and the approved hours are below it.
  behind: z.boolean(),
});
export type GoalProgress = z.infer<typeof goalProgressSchema>;

// GET /api/service-hours/progress: the caller's own progress and approved hours per month.
export const myProgressSchema = goalProgressSchema.extend({
  // Oldest first, "YYYY-MM", only months with approved hours.
  months: z.array(z.object({ month: z.string(), hours: z.number() })),
});
export type MyProgress = z.infer<typeof myProgressSchema>;

// GET /api/service-hours/students (supervisors): each student's progress.
export const studentProgressSchema = goalProgressSchema.extend({
  userId: z.number().int(),
  name: z.string(),
  school: z.string(),
  grade: z.number().int().nullable(),
});
export type StudentProgress = z.infer<typeof studentProgressSchema>;

// Issue 33: paged on the server (a page of 25 by default) and searched by name.
export const STUDENT_PROGRESS_PAGE_SIZE = 25;
export const STUDENT_SEARCH_MAX = 100;
export const studentProgressQuerySchema = hoursFilterQuerySchema
  .pick({ school: true, grade: true, behindGoal: true })
  .extend({
    ...paginationQuerySchema.shape,
    // Part of a student's name (case ignored).
    q: plainText().max(STUDENT_SEARCH_MAX, VALIDATION.tooLong(STUDENT_SEARCH_MAX)).optional(),
  });
export type StudentProgressQuery = z.output<typeof studentProgressQuerySchema>;

// GET /api/service-hours/behind-goal (supervisors): students with a goal and those behind, per school.
export const behindGoalBySchoolSchema = z.array(
  z.object({ school: z.string(), students: z.number().int(), behind: z.number().int() }),
);
export type BehindGoalBySchool = z.infer<typeof behindGoalBySchoolSchema>;

// Reports (admins): each is a table, also downloadable as CSV.
export const HOURS_REPORTS = ['hours-by-month', 'goals-met', 'top-organisations'] as const;
export type HoursReportName = (typeof HOURS_REPORTS)[number];
export const hoursReportParamSchema = z.object({ report: z.enum(HOURS_REPORTS) });

export const hoursReportsSchema = z.object({
  hoursByMonth: z.array(z.object({ school: z.string(), month: z.string(), hours: z.number() })),
  goalsMet: z.array(
    z.object({
      school: z.string(),
      grade: z.number().int(),
      students: z.number().int(),
      met: z.number().int(),
    }),
  ),
  topOrganisations: z.array(
    z.object({ organisation: z.string(), hours: z.number(), students: z.number().int() }),
  ),
});
export type HoursReports = z.infer<typeof hoursReportsSchema>;
