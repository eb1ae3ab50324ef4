import { z } from 'zod';
import { apiFieldErrorSchema } from './errors';
import { REGISTRATION_MESSAGES } from './feature-messages';

// POST /api/admin/rosters (admins): a OneRoster 1.1 bundle's orgs.csv and users.csv as multipart
// files of these names. ?dryRun=true answers the preview and applies nothing. Teachers' and
// administrators' accounts can be given rights by rule (never taken away by an import).
export const ROSTER_FILES = ['orgs', 'users'] as const;
export const rosterImportQuerySchema = z.strictObject({
  dryRun: z.enum(['true', 'false']).optional(),
  teachers: z.enum(['none', 'supervisor']).optional(),
  administrators: z.enum(['none', 'supervisor', 'admin']).optional(),
});
export type RosterImportQuery = z.output<typeof rosterImportQuerySchema>;

// Why a roster line is refused, as a stable code and its parameters (the admin's screen says it in
// their language), beside the English `message` 'line N: reason' for API clients.
export const ROSTER_LINE_CODES = [
  'notUtf8',
  'lineTooLong',
  'missingColumns',
  'fieldCount',
  'notCsv',
  'idInvalid',
  'duplicateId',
  'unknownSchool',
  'namesRequired',
  'invalidEmail',
  'duplicateEmail',
  'invalidGrade',
  'noDistrictSchool',
] as const;
export type RosterLineCode = (typeof ROSTER_LINE_CODES)[number];
export type RosterLineParams = Record<string, string | number>;
export const rosterLineErrorResponseSchema = apiFieldErrorSchema.extend({
  path: z.enum(ROSTER_FILES),
  // 1-based line of the file (the header is line 1).
  line: z.number().int(),
  code: z.enum(ROSTER_LINE_CODES),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type RosterLineError = z.infer<typeof rosterLineErrorResponseSchema>;

// What the import did (or, as a preview, would do). A roster with bad lines answers 400 with
// each line in `errors` (rosterLineErrorResponseSchema: { path: 'orgs' | 'users', line, code, params,
// message: 'line N: reason' }) and applies nothing.
export const rosterImportResponseSchema = z.object({
  applied: z.boolean(),
  created: z.number().int(),
  updated: z.number().int(),
  reactivated: z.number().int(),
  deactivated: z.number().int(),
  unchanged: z.number().int(),
});
export type RosterImportResult = z.infer<typeof rosterImportResponseSchema>;

// The admins' upload form (mf-directory's District settings): both files chosen, and the rights
// rules. A file is what the browser's file input holds (no DOM types here: name and size).
const rosterFileSchema = z.custom<{ readonly name: string; readonly size: number }>(
  (value) =>
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { size?: unknown }).size === 'number' &&
    typeof (value as { name?: unknown }).name === 'string',
  { error: REGISTRATION_MESSAGES.rosterFilesRequired },
);
export const rosterUploadFormSchema = z.strictObject({
  orgs: rosterFileSchema,
  users: rosterFileSchema,
  teachers: rosterImportQuerySchema.shape.teachers.unwrap(),
  administrators: rosterImportQuerySchema.shape.administrators.unwrap(),
});
