// Issue 18: 1,000 day-before reminders due at the same instant. Starts the platform with the
// e-mail lead at 60 s and a 2 s sweep, seeds 1,000 students (straight into svc-auth's table:
// argon2 for each would dominate the run) and their sign-ups for one event (straight into
// svc-volunteer's table, so the sweep queues the jobs, as it does for jobs lost after a crash),
// then counts the reminder mails that reach the sink: how long after the due time the last one
// arrived, and how many recipients got more than one.
//
//   node bench/reminders.ts [--count 1000]
import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { build } from '../scripts/build.ts';
import { arg, call, startBenchPlatform } from './volunteer-support.ts';

const COUNT = arg('count', 1000);
const LEAD_MS = 60_000;
// Time to seed and for the sweep to queue everything before the reminders fall due.
const DUE_IN_MS = 40_000;
const LIMIT_MS = 60_000;

interface Mail {
  to: string;
  subject: string;
}

async function remindersInSink(
  mailDir: string,
  subject: string,
): Promise<{ mails: Mail[]; last: number }> {
  const files = (await readdir(mailDir)).filter((f) => f.endsWith('.json')).sort();
  const mails: Mail[] = [];
  let last = 0;
  for (const file of files) {
    const mail = JSON.parse(await readFile(join(mailDir, file), 'utf8')) as Mail;
    if (mail.subject !== subject) continue;
    mails.push(mail);
    last = Math.max(last, Number(file.split('-')[0]));
  }
  return { mails, last };
}

await build({ quiet: true });
// The platform's services read these from the environment.
Object.assign(process.env, {
  REMINDER_DAY_BEFORE_MS: String(LEAD_MS),
  REMINDER_SWEEP_INTERVAL_MS: '2000',
  // The on-the-day toast would fall due at the start, when nothing is sent any more: only the
  // e-mails are measured.
  REMINDER_TODAY_AT: '00:00',
  REMINDER_TODAY_LEAD_MS: '0',
});
const bench = await startBenchPlatform();
const platform = bench.platform;
const auth = new pg.Client({ connectionString: platform.databases['svc-auth'] });
const volunteer = new pg.Client({ connectionString: platform.databases['svc-volunteer'] });
try {
  await auth.connect();
  await volunteer.connect();
  const title = `Bench Reminder ${randomBytes(3).toString('hex')}`;
  const start = Date.now() + LEAD_MS + DUE_IN_MS;
  const due = start - LEAD_MS;
  const created = await call(`${bench.url}/api/opportunities`, 'POST', bench.adminCookie, {
    title,
    description: 'Benchmark event.',
    location: 'Bench Hall',
    date: new Date(start).toISOString(),
    spaces: COUNT,
  });
  if (created.status !== 201)
    throw new Error(`create answered ${created.status}: ${await created.text()}`);
  const { id: opportunityId } = (await created.json()) as { id: number };

  const users = await auth.query<{ id: number }>(
    `INSERT INTO auth.users (username, password_hash, name, email, school, grade, service_hours)
     SELECT 'rem_' || g, '$argon2id$v=19$m=19456,t=2,p=1$' || md5(g::text) || '$' || md5('x' || g),
            'Reminder Student ' || g, 'rem' || g || '@example.org', 'Jesuit High School', 10, 0
       FROM generate_series(1, $1::int) g
     RETURNING id`,
    [COUNT],
  );
  await volunteer.query(
    `INSERT INTO volunteer.signups (opportunity_id, user_id) SELECT $1, unnest($2::int[])`,
    [opportunityId, users.rows.map((row) => row.id)],
  );
  console.log(
    `seeded ${COUNT} sign-ups; reminders due in ${((due - Date.now()) / 1000).toFixed(1)} s (sweep queues them)`,
  );

  const subject = `Tomorrow: ${title}`;
  let seen = { mails: [] as Mail[], last: 0 };
  while (Date.now() < due + LIMIT_MS + 30_000) {
    seen = await remindersInSink(platform.mailDir, subject);
    if (seen.mails.length >= COUNT) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  // Anything late or doubled would arrive now.
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  seen = await remindersInSink(platform.mailDir, subject);
  const recipients = new Set(seen.mails.map((mail) => mail.to.toLowerCase()));
  const duplicates = seen.mails.length - recipients.size;
  const seconds = (seen.last - due) / 1000;
  console.log(`reminder mails: ${seen.mails.length} of ${COUNT} to ${recipients.size} recipients`);
  console.log(`duplicates: ${duplicates}`);
  // Where the time goes: svc-volunteer's sends (reminders_sent, committed with the outbox event)
  // against the mails (svc-volunteer's relay, svc-auth's consumer and mail queue, SMTP).
  const committed = await volunteer.query<{ n: number; last: Date }>(
    `SELECT count(*)::int AS n, max(sent_at) AS last FROM volunteer.reminders_sent WHERE kind = 'day-before'`,
  );
  const row = committed.rows[0]!;
  console.log(
    `svc-volunteer committed ${row.n} reminders, the last ${((row.last.getTime() - due) / 1000).toFixed(1)} s after the due time`,
  );
  console.log(
    `last mail ${seconds.toFixed(1)} s after the due time (limit ${LIMIT_MS / 1000} s): ${
      recipients.size === COUNT && seconds <= LIMIT_MS / 1000 ? 'within' : 'NOT within'
    }`,
  );
} finally {
  await auth.end().catch(() => undefined);
  await volunteer.end().catch(() => undefined);
  await bench.stop();
}
