import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import ICAL from 'ical.js';
import { identityHeader } from '@district/service-kit/testing';
import type { CalendarFeedResponse, Opportunity } from '@district/contracts';
import {
  admin,
  opportunityBody,
  otherStudent,
  startVolunteerService,
  student,
  TEST_PUBLIC_URL,
  type VolunteerService,
} from './support/volunteer-fixtures';

interface ParsedEvent {
  uid: string;
  start: string;
  end: string;
  summary: string;
  location: string;
  description: string;
  // The TZID of DTSTART and DTEND (issue 29: the district's zone, not UTC).
  zone: string;
}

const DISTRICT_ZONE = 'America/Chicago';

// Parsed the way a calendar app would (ical.js), not by string matching: the file's own
// VTIMEZONE definitions are what turn its local times into instants.
function parseCalendar(text: string): ParsedEvent[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  expect(calendar.name).toBe('vcalendar');
  expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
  expect(calendar.getFirstPropertyValue('prodid')).toEqual(expect.any(String));
  ICAL.TimezoneService.reset();
  for (const vtimezone of calendar.getAllSubcomponents('vtimezone'))
    ICAL.TimezoneService.register(vtimezone);
  return calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    const tzid = (name: string) => component.getFirstProperty(name)?.getParameter('tzid');
    expect(tzid('dtend')).toBe(tzid('dtstart'));
    return {
      uid: event.uid,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      summary: event.summary,
      location: event.location,
      description: event.description,
      zone: String(tzid('dtstart')),
    };
  });
}

// Issue 18: an opportunity's .ics file and a student's private feed.
describe('calendars (svc-volunteer, real PostgreSQL and Redis)', () => {
  let app: VolunteerService;
  let cleanup: Opportunity;
  let tutoring: Opportunity;

  beforeAll(async () => {
    app = await startVolunteerService();
    await app.events.registerUsers(admin, student, otherStudent);
    const create = async (overrides: Record<string, unknown>) =>
      (
        await app.request<Opportunity>('POST', '/api/opportunities', {
          as: admin,
          json: opportunityBody(overrides),
        })
      ).body;
    cleanup = await create({
      title: 'Beach Cleanup, Grand Isle',
      description: 'Gloves provided; bring water.\nMeet at the pier; park on the street.',
      location: 'Grand Isle State Park, LA',
      date: '2031-06-07T14:00:00.000Z',
      endsAt: '2031-06-07T17:30:00.000Z',
    });
    tutoring = await create({ title: 'Tutoring', date: '2031-06-10T22:00:00.000Z' });
  });
  afterAll(async () => {
    await app?.close();
  });

  const path = (url: string) => new URL(url).pathname;

  describe('GET /api/opportunities/{id}/calendar.ics', () => {
    it('answers any signed-in user one VEVENT with a stable UID, district times and the details', async () => {
      const first = await app.request<string>(
        'GET',
        `/api/opportunities/${cleanup.id}/calendar.ics`,
        {
          as: student,
        },
      );
      expect(first.status).toBe(200);
      expect(first.contentType).toMatch(/^text\/calendar/);
      // The kit's callService answers the content type only: the download header, read raw.
      const download = await fetch(
        `${app.service.url}/api/opportunities/${cleanup.id}/calendar.ics`,
        {
          headers: identityHeader(student),
        },
      );
      expect(download.headers.get('content-disposition')).toMatch(
        /^attachment; filename=".+\.ics"$/,
      );
      const events = parseCalendar(first.text);
      expect(events).toEqual([
        {
          uid: `opportunity-${cleanup.id}@volunteer.test`,
          start: '2031-06-07T14:00:00.000Z',
          end: '2031-06-07T17:30:00.000Z',
          summary: 'Beach Cleanup, Grand Isle',
          location: 'Grand Isle State Park, LA',
          description: 'Gloves provided; bring water.\nMeet at the pier; park on the street.',
          zone: DISTRICT_ZONE,
        },
      ]);
      // 14:00 UTC is 9:00 in Chicago in June (CDT, UTC-5).
      expect(first.text).toMatch(/\r\nDTSTART;TZID=America\/Chicago:20310607T090000\r\n/);
      expect(first.text).toMatch(/\r\nDTEND;TZID=America\/Chicago:20310607T123000\r\n/);
      // The same UID after an edit, so a calendar updates the event it holds.
      await app.request('PATCH', `/api/opportunities/${cleanup.id}`, {
        as: admin,
        json: { location: 'Grand Isle' },
      });
      const second = await app.request<string>(
        'GET',
        `/api/opportunities/${cleanup.id}/calendar.ics`,
        {
          as: otherStudent,
        },
      );
      expect(parseCalendar(second.text)[0]).toMatchObject({
        uid: events[0].uid,
        location: 'Grand Isle',
      });
    });

    // Issue 29: times in UTC showed in the phone's zone; named in the district's zone, with that
    // zone's rules in the file, a calendar shows the district's time whatever the phone's zone.
    it("writes times in the district's zone with its VTIMEZONE, the same instants summer and winter", async () => {
      const winter = (
        await app.request<Opportunity>('POST', '/api/opportunities', {
          as: admin,
          json: opportunityBody({
            title: 'Coat drive',
            date: '2031-12-09T15:00:00.000Z',
            endsAt: '2031-12-09T18:00:00.000Z',
          }),
        })
      ).body;
      for (const [opportunity, local, start, end] of [
        [cleanup, '20310607T090000', '2031-06-07T14:00:00.000Z', '2031-06-07T17:30:00.000Z'],
        [winter, '20311209T090000', '2031-12-09T15:00:00.000Z', '2031-12-09T18:00:00.000Z'],
      ] as const) {
        const res = await app.request<string>(
          'GET',
          `/api/opportunities/${opportunity.id}/calendar.ics`,
          {
            as: student,
          },
        );
        expect(res.status).toBe(200);
        const calendar = new ICAL.Component(ICAL.parse(res.text));
        const zones = calendar.getAllSubcomponents('vtimezone');
        expect(zones.map((z) => z.getFirstPropertyValue('tzid'))).toEqual([DISTRICT_ZONE]);
        // Both rules: daylight saving time and standard time.
        expect(
          zones[0]
            .getAllSubcomponents()
            .map((c) => c.name)
            .sort(),
        ).toEqual(['daylight', 'standard']);
        const dtstart = calendar.getFirstSubcomponent('vevent')?.getFirstProperty('dtstart');
        expect(dtstart?.getParameter('tzid')).toBe(DISTRICT_ZONE);
        expect(dtstart?.getFirstValue()?.toString()).toBe(
          `${local.slice(0, 4)}-${local.slice(4, 6)}-${local.slice(6, 8)}T09:00:00`,
        );
        const [event] = parseCalendar(res.text);
        expect(event).toMatchObject({ start, end, zone: DISTRICT_ZONE });
        // DTSTAMP stays in UTC, as RFC 5545 requires.
        expect(res.text).toMatch(/\r\nDTSTAMP:\d{8}T\d{6}Z\r\n/);
      }
    });

    it('answers 401 signed out and 404 for an unknown opportunity', async () => {
      expect(
        (await app.request('GET', `/api/opportunities/${cleanup.id}/calendar.ics`)).status,
      ).toBe(401);
      const missing = await app.request('GET', '/api/opportunities/2000000/calendar.ics', {
        as: student,
      });
      expect(missing.status).toBe(404);
    });
  });

  describe('private feed', () => {
    it('gives a signed-in student one stable address, served without a cookie with their sign-ups only', async () => {
      await app.request('POST', `/api/opportunities/${cleanup.id}/signup`, { as: student });
      await app.request('POST', `/api/opportunities/${tutoring.id}/signup`, { as: otherStudent });

      const res = await app.request<CalendarFeedResponse>('GET', '/api/calendar/feed', {
        as: student,
      });
      expect(res.status).toBe(200);
      expect(res.body.url).toMatch(
        new RegExp(`^${TEST_PUBLIC_URL}/api/calendar/feed/[A-Za-z0-9_-]{43}\\.ics$`),
      );
      const again = await app.request<CalendarFeedResponse>('GET', '/api/calendar/feed', {
        as: student,
      });
      expect(again.body.url).toBe(res.body.url);
      const others = await app.request<CalendarFeedResponse>('GET', '/api/calendar/feed', {
        as: otherStudent,
      });
      expect(others.body.url).not.toBe(res.body.url);

      // No identity at all: the token is the only key.
      const feed = await app.request<string>('GET', path(res.body.url));
      expect(feed.status).toBe(200);
      expect(feed.contentType).toMatch(/^text\/calendar/);
      expect(parseCalendar(feed.text).map((e) => e.uid)).toEqual([
        `opportunity-${cleanup.id}@volunteer.test`,
      ]);
      // Nothing about the student in it.
      expect(feed.text).not.toContain('Stella');
      const theirs = await app.request<string>('GET', path(others.body.url));
      expect(parseCalendar(theirs.text).map((e) => e.summary)).toEqual(['Tutoring']);

      // Withdrawing takes it out of the feed.
      await app.request('DELETE', `/api/opportunities/${cleanup.id}/signup`, { as: student });
      expect(parseCalendar((await app.request<string>('GET', path(res.body.url))).text)).toEqual(
        [],
      );
    });

    it('stores the token only hashed (and sealed), never readable', async () => {
      const { body } = await app.request<CalendarFeedResponse>('GET', '/api/calendar/feed', {
        as: student,
      });
      const token = /\/([^/]+)\.ics$/.exec(body.url)![1];
      const rows = await app.sql<Record<string, string>>(
        `SELECT * FROM calendar_feeds WHERE user_id = $1`,
        [student.id],
      );
      expect(rows).toHaveLength(1);
      expect(JSON.stringify(rows)).not.toContain(token);
      expect(rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
    });

    it('DELETE gives a new address and the old one answers 404', async () => {
      const old = await app.request<CalendarFeedResponse>('GET', '/api/calendar/feed', {
        as: otherStudent,
      });
      const reset = await app.request<CalendarFeedResponse>('DELETE', '/api/calendar/feed', {
        as: otherStudent,
      });
      expect(reset.status).toBe(200);
      expect(reset.body.url).not.toBe(old.body.url);
      expect((await app.request('GET', path(old.body.url))).status).toBe(404);
      expect((await app.request('GET', path(reset.body.url))).status).toBe(200);
      const now = await app.request<CalendarFeedResponse>('GET', '/api/calendar/feed', {
        as: otherStudent,
      });
      expect(now.body.url).toBe(reset.body.url);
    });

    it('answers the same bare 404 for unknown and malformed tokens, and 401 for the address signed out', async () => {
      const unknown = await app.request('GET', `/api/calendar/feed/${'A'.repeat(43)}.ics`);
      const malformed = await app.request('GET', '/api/calendar/feed/nope.ics');
      const noSuffix = await app.request('GET', `/api/calendar/feed/${'A'.repeat(43)}`);
      for (const res of [unknown, malformed, noSuffix]) {
        expect(res.status).toBe(404);
        expect(res.body).toEqual(unknown.body);
      }
      expect((await app.request('GET', '/api/calendar/feed')).status).toBe(401);
      expect((await app.request('DELETE', '/api/calendar/feed')).status).toBe(401);
    });

    it('says its 404 in Spanish to a calendar app that asks in Spanish (issue 22)', async () => {
      const path = `/api/calendar/feed/${'A'.repeat(43)}.ics`;
      expect((await app.request('GET', path)).body).toMatchObject({ message: 'Not Found' });
      const spanish = await app.request('GET', path, {
        headers: { 'accept-language': 'es-MX,es' },
      });
      expect(spanish.status).toBe(404);
      expect(spanish.body).toMatchObject({ statusCode: 404, message: 'No encontrado' });
    });

    it('is forgotten with its student', async () => {
      const { body } = await app.request<CalendarFeedResponse>('GET', '/api/calendar/feed', {
        as: student,
      });
      await app.events.deliver('user.deleted', { id: student.id });
      expect((await app.request('GET', path(body.url))).status).toBe(404);
    });
  });
});
