import { parseArgs } from 'node:util';
import { z } from 'zod';
import {
  coercedNumber,
  gradeSchema,
  requiredText,
  schoolSchema,
  TEXT_LIMITS,
} from '@district/contracts';
import type { AdminAccount } from './create-admin';

export const ADMIN_CREATE_USAGE =
  'Usage: npm run admin:create -- --username <name> [--name <full name>] [--email <address>] ' +
  '[--school <school>] [--grade <6-12>]   (the password is read from standard input)';

const accountSchema = z.object({
  username: requiredText(TEXT_LIMITS.username),
  name: requiredText(TEXT_LIMITS.name).optional(),
  email: z.email('Invalid email address').max(TEXT_LIMITS.email).optional(),
  school: schoolSchema.optional(),
  // Arguments are text: the grade comes as one.
  grade: coercedNumber(gradeSchema.optional()),
});

// Returns the account, or one line saying what is wrong.
export function parseAdminCreateArgs(argv: string[]): AdminAccount | string {
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        username: { type: 'string' },
        name: { type: 'string' },
        email: { type: 'string' },
        school: { type: 'string' },
        grade: { type: 'string' },
      },
      strict: true,
    }));
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  if (!values.username) return '--username is required';
  const parsed = accountSchema.safeParse(values);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return `--${String(issue.path[0])}: ${issue.message}`;
  }
  return parsed.data;
}
