import { z } from 'zod';
import { plainText } from './fields';

// Official service records (issue 19): a signed snapshot of a student's approved hours.

// Short and unguessable: 12 characters of a 32-letter alphabet without 0/O/1/I (60 bits).
export const SERVICE_RECORD_CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const SERVICE_RECORD_CODE_LENGTH = 12;
export const SERVICE_RECORD_CODE_PATTERN = new RegExp(
  `^[${SERVICE_RECORD_CODE_ALPHABET}]{${SERVICE_RECORD_CODE_LENGTH}}$`,
);

// Largest PDF POST /api/service-records/verify reads (413 past it).
export const SERVICE_RECORD_PDF_MAX_BYTES = 5 * 1024 * 1024;

// POST /api/service-records: a student for themself (no body); an admin for anyone ({ userId }).
export const issueServiceRecordSchema = z
  .object({ userId: z.number().int().positive().optional() })
  .strict();
export type IssueServiceRecordInput = z.infer<typeof issueServiceRecordSchema>;

// Issue 33: how an entry was verified. 'organisation': its organisation confirmed it (the
// activity is then the organisation's name); 'check-in' / 'roster': the event's attendance;
// 'supervisor': a supervisor approved it. Records issued before say only `approval`.
export const RECORD_VERIFICATIONS = ['organisation', 'check-in', 'roster', 'supervisor'] as const;
export type RecordVerification = (typeof RECORD_VERIFICATIONS)[number];

export const serviceRecordEntryResponseSchema = z.object({
  date: z.string(),
  hours: z.number(),
  // The organisation or event: the confirming organisation's name, the event's title, else the
  // student's description.
  activity: z.string(),
  // How the entry was verified, in words (the reader's language on /verify), e.g. 'Confirmed by
  // Second Harvest Food Bank', 'Checked in at the event', 'Approved by a supervisor'.
  approval: z.string(),
  verification: z.enum(RECORD_VERIFICATIONS).optional(),
});
export type ServiceRecordEntry = z.infer<typeof serviceRecordEntryResponseSchema>;

// What was signed: everything the record states, frozen at issue time.
export const serviceRecordContentResponseSchema = z.object({
  code: z.string(),
  // The district that issued it (svc-hours' DISTRICT_NAME at issue; absent on older records).
  district: z.string().optional(),
  name: z.string(),
  school: z.string(),
  grade: z.number().int().nullable(),
  totalHours: z.number(),
  entries: z.array(serviceRecordEntryResponseSchema),
  issuedAt: z.string(),
});
export type ServiceRecordContent = z.infer<typeof serviceRecordContentResponseSchema>;

// GET /api/service-records/{code} (public). valid is false once the student's approved hours
// changed after issue ("superseded").
export const serviceRecordViewResponseSchema = serviceRecordContentResponseSchema.extend({
  valid: z.boolean(),
  status: z.enum(['valid', 'superseded']),
});
export type ServiceRecordView = z.infer<typeof serviceRecordViewResponseSchema>;

// POST /api/service-records answer.
export const issuedServiceRecordResponseSchema = z.object({
  code: z.string(),
  url: z.string(),
  pdfUrl: z.string(),
});
export type IssuedServiceRecord = z.infer<typeof issuedServiceRecordResponseSchema>;

// POST /api/service-records/verify answer: matches = the PDF is byte for byte as issued.
export const serviceRecordPdfCheckResponseSchema = z.object({
  matches: z.boolean(),
  record: serviceRecordViewResponseSchema.nullable(),
});
export type ServiceRecordPdfCheck = z.infer<typeof serviceRecordPdfCheckResponseSchema>;

// Any text reaches the service, which answers 404 for what is not a code.
export const serviceRecordCodeParamSchema = z.object({ code: plainText().max(64) });
