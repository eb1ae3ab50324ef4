import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createConfirmationToken } from '../src/hour-confirmations/confirmation-token.util';
import { eventProcessed } from '@district/service-kit/testing';
import {
  logBody,
  waitFor,
  STUDENT,
  SUPERVISOR,
  type Json,
  type RequestOptions,
  startHoursService,
  type HoursService,
} from './support/hours-fixtures';
import { pdfText } from './support/pdf-text';

const DISTRICT = 'Jefferson Parish Public School System';
const SPANISH = { 'accept-language': 'es' };
// Longer than the PDF's column: it used to print as "Second Harvest Food Bank of Greater New…".
const ORGANISATION = 'Second Harvest Food Bank of Greater New Orleans and Acadiana';

// Issue 33: the official record names the organisation or event of each entry in full (wrapped,
// never cut), says how each was verified, and names the district that issued it; on the PDF (read
// back with pdftotext) and on /verify, in English and Spanish.
describe('how each entry on the official record was verified (svc-hours, real PostgreSQL and Redis)', () => {
  let hours: HoursService;
  const request = <T = Json>(method: string, path: string, options?: RequestOptions) =>
    hours.request<T>(method, path, options);
  const approve = async (id: number) =>
    expect(
      (
        await request('PATCH', `/api/service-hours/${id}/status`, {
          as: SUPERVISOR,
          json: { status: 'approved' },
        })
      ).status,
    ).toBe(200);

  beforeAll(async () => {
    hours = await startHoursService({ districtName: DISTRICT });
    await hours.events.registerUser({ id: STUDENT.id, name: 'Ada Student', grade: 11 });
    await hours.events.opportunityEvent('opportunity.created', 77, 'Park clean-up at Lafreniere');

    // 1. Logged with the organisation's contact, who confirms it through their link.
    const confirmed = await request('POST', '/api/service-hours', {
      as: STUDENT,
      json: logBody({
        date: '2025-02-01',
        description: 'Sorting donations for families in need',
        organisation: ORGANISATION,
        contactEmail: 'volunteers@example.org',
      }),
    });
    expect(confirmed.status).toBe(201);
    // The mailed link's token is only in the mail: put a known one in its place.
    const { token, tokenHash } = createConfirmationToken();
    await hours.db.query(`UPDATE "hour_confirmations" SET "token_hash" = $1 WHERE "log_id" = $2`, [
      tokenHash,
      confirmed.body.id,
    ]);
    const answer = await request('POST', `/api/hour-confirmations/${token}`, {
      json: { decision: 'confirmed' },
    });
    expect(answer.status).toBe(200);
    await approve(confirmed.body.id as number);

    // 2. Checked in at an event (attendance from svc-volunteer).
    const checkIn = await hours.events.publish('attendance.recorded', {
      opportunityId: 77,
      userId: STUDENT.id,
      title: 'Park clean-up at Lafreniere',
      startsAt: '2025-03-01T14:00:00.000Z',
      endsAt: '2025-03-01T16:00:00.000Z',
      hours: 2,
      attended: true,
      recordedBy: null,
      method: 'check-in',
    });
    await waitFor(() => eventProcessed(hours.db, checkIn), 'attendance.recorded processed');

    // 3. Logged by the student alone and approved by a supervisor.
    const plain = await request('POST', '/api/service-hours', {
      as: STUDENT,
      json: logBody({ date: '2025-04-01', description: 'Reading to children at the library' }),
    });
    await approve(plain.body.id as number);
  });

  afterAll(async () => {
    await hours?.close();
  });

  it('prints the district, each organisation or event in full and how it was verified', async () => {
    for (const [headers, expected] of [
      [
        {},
        {
          confirmed: `Confirmed by ${ORGANISATION}`,
          checkedIn: 'Checked in at the event',
          supervisor: 'Approved by a supervisor',
          heading: 'How it was verified',
        },
      ],
      [
        SPANISH,
        {
          confirmed: `Confirmado por ${ORGANISATION}`,
          checkedIn: 'Registró su llegada en el evento',
          supervisor: 'Aprobado por un supervisor',
          heading: 'Cómo se verificó',
        },
      ],
    ] as const) {
      const issued = await request('POST', '/api/service-records', {
        as: STUDENT,
        json: {},
        headers,
      });
      expect(issued.status).toBe(201);
      const response = await fetch(
        `${hours.service.url}/api/service-records/${issued.body.code}/pdf`,
      );
      const { text } = await pdfText(new Uint8Array(await response.arrayBuffer()));
      // pdftotext gives a wrapped cell line by line: joined, each reads in full, nothing cut.
      const flat = text.replace(/\s+/g, ' ');
      expect(text.split('\n')[0]).toBe(DISTRICT);
      expect(flat).toContain(expected.heading);
      expect(text).not.toContain('…');
      for (const word of ORGANISATION.split(' ')) expect(text).toContain(word);
      expect(flat).toContain('Park clean-up at Lafreniere');
      expect(flat).toContain(expected.checkedIn);
      expect(flat).toContain('Reading to children at the library');
      expect(flat).toContain(expected.supervisor);
      expect(flat).not.toContain('Sorting donations');
      expect(flat).toContain(expected.confirmed.split(' ').slice(0, 2).join(' '));

      // /verify reads the same, in the reader's language.
      const view = await request('GET', `/api/service-records/${issued.body.code}`, { headers });
      expect(view.body.district).toBe(DISTRICT);
      expect(view.body.entries).toEqual([
        expect.objectContaining({
          activity: ORGANISATION,
          approval: expected.confirmed,
          verification: 'organisation',
        }),
        expect.objectContaining({
          activity: 'Park clean-up at Lafreniere',
          approval: expected.checkedIn,
          verification: 'check-in',
        }),
        expect.objectContaining({
          activity: 'Reading to children at the library',
          approval: expected.supervisor,
          verification: 'supervisor',
        }),
      ]);
    }
  });
});
