import { finished, pipeline, type Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { Injectable } from '@nestjs/common';
import type { HoursFilterQuery } from '@district/contracts';
import { stringify } from 'csv-stringify';
import { ExportsRepository } from './exports.repository';
import { spreadsheetSafe } from './spreadsheet-safe';

// Column order and headings of the hours export.
const EXPORT_COLUMNS = [
  { key: 'id', header: 'Entry' },
  { key: 'date', header: 'Date' },
  { key: 'student', header: 'Student' },
  { key: 'school', header: 'School' },
  { key: 'grade', header: 'Grade' },
  { key: 'hours', header: 'Hours' },
  { key: 'status', header: 'Status' },
  { key: 'description', header: 'Description' },
  { key: 'submitted_at', header: 'Submitted' },
  { key: 'reviewed_at', header: 'Reviewed' },
];

// CSV writer shared by the export and the reports: quoting by csv-stringify (RFC 4180), every
// text cell made spreadsheet-safe, CRLF line ends as spreadsheets expect, and the UTF-8 byte
// order mark first: without it Excel on Windows reads the file as its ANSI code page and shows
// "José Müller" as "JosÃ© MÃ¼ller" (issue 29).
export function csvWriter(columns: Array<{ key: string; header: string }>) {
  return stringify({
    bom: true,
    header: true,
    columns,
    record_delimiter: 'windows',
    cast: { string: spreadsheetSafe },
  });
}

// A CSV download: the stream goes out as it is produced (chunked), never cached.
export async function sendCsv(reply: FastifyReply, fileName: string, csv: Readable): Promise<void> {
  await reply
    .headers({
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${fileName}"`,
      'cache-control': 'no-store',
    })
    .send(csv);
}

export function exportFileName(today = new Date()): string {
  return `service-hours-${today.toISOString().slice(0, 10)}.csv`;
}

@Injectable()
export class ExportsService {
  constructor(private readonly exportsRepo: ExportsRepository) {}

  // Rows stream from PostgreSQL through the CSV writer to the client; backpressure reaches the
  // cursor, so a slow download holds a batch, not the whole export.
  async open(query: HoursFilterQuery): Promise<Readable> {
    const { rows, release } = await this.exportsRepo.open(query);
    const csv = csvWriter(EXPORT_COLUMNS);
    // pipeline destroys both ends when either fails or the client goes away.
    pipeline(rows, csv, () => release());
    finished(csv, () => release());
    return csv;
  }
}
