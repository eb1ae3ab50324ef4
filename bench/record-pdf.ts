// Official service record PDF (issue 19): generation time for a record of 500 entries, the way
// svc-hours renders it on POST /api/service-records (pdf-lib, QR code, one page per ~45 rows),
// plus the Ed25519 signatures and sha256 that go with it. In-process: the figure is the CPU cost
// a request pays, without HTTP or the database.
//
// Issue 29: the text is drawn in embedded, subset Noto Sans; `--scripts` gives the student a
// Vietnamese name and every third activity a Vietnamese, Hebrew or Arabic text (font fallback,
// bidi and Arabic shaping), where the default is all Latin as before.
//
//   node bench/record-pdf.ts [--entries 500] [--runs 40] [--scripts]
import { performance } from 'node:perf_hooks';
// svc-hours as it runs (its built dist, CommonJS: `npm run build`); its sources import without
// extensions, which Node's type stripping cannot follow.
import {
  canonicalJson,
  generateRecordSigningKey,
  parseRecordSigningKey,
  RecordSigner,
  sha256Hex,
} from '../svc-hours/dist/service-records/record-signing.js';
import { renderServiceRecordPdf } from '../svc-hours/dist/service-records/service-record-pdf.js';
import { latencySummary } from './stats.ts';

function arg(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? Number(process.argv[index + 1]) : fallback;
}

const entries = arg('entries', 500);
const runs = arg('runs', 40);
const scripts = process.argv.includes('--scripts');
const OTHER_SCRIPTS = [
  'Dọn dẹp công viên và thư viện',
  'בנק מזון קהילתי, מיון תרומות',
  'بنك الطعام: فرز التبرعات',
];
const signer = new RecordSigner(parseRecordSigningKey(generateRecordSigningKey()));
const content = {
  code: 'ABCDEFGHJKMN',
  name: scripts ? 'Nguyễn Thị Hương' : 'Ada Lovelace-Student',
  school: 'Lincoln High School',
  grade: 11,
  totalHours: entries * 1.5,
  entries: Array.from({ length: entries }, (_, i) => ({
    date: `2025-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
    hours: 1.5,
    activity:
      scripts && i % 3 === 0
        ? `${OTHER_SCRIPTS[(i / 3) % 3]} ${i}`
        : `Food bank shift ${i}: sorting donations and packing boxes for families in need`,
    approval: 'Approved by a supervisor',
  })),
  issuedAt: new Date().toISOString(),
};

const times: number[] = [];
let size = 0;
for (let i = 0; i < runs + 3; i++) {
  const started = performance.now();
  const signature = signer.sign(canonicalJson(content));
  const pdf = await renderServiceRecordPdf(
    content,
    'https://district.example/verify/ABCDEFGHJKMN',
    signature,
    'en',
  );
  signer.sign(sha256Hex(pdf));
  const ms = performance.now() - started;
  size = pdf.length;
  // The first runs warm the JIT and pdf-lib's font tables.
  if (i >= 3) times.push(ms);
}
times.sort((a, b) => a - b);
console.log(
  `record PDF, ${entries} entries${scripts ? ' (several scripts)' : ''}, ${runs} runs: ${latencySummary(times)}; ${(size / 1024).toFixed(0)} KiB`,
);
