import ical from 'ical-generator';
import { DateTime } from 'luxon';
import { tzlib_get_ical_block } from 'timezones-ical-library';

export interface CalendarEntry {
  id: number;
  title: string;
  description: string;
  location: string;
  date: Date;
  endsAt: Date;
}

// The zone's VTIMEZONE (its rules, DST included) from timezones-ical-library, which follows the
// IANA database; computed once per zone.
const vtimezones = new Map<string, string>();
function vtimezone(zone: string): string {
  let block = vtimezones.get(zone);
  if (block === undefined) {
    const [found] = tzlib_get_ical_block(zone) as string[];
    // An unknown zone comes back as an error text, not a component.
    if (!found?.startsWith('BEGIN:VTIMEZONE')) throw new Error(`no VTIMEZONE for ${zone}`);
    vtimezones.set(zone, (block = found));
  }
  return block;
}

// RFC 5545 text (ical-generator: escaping, folding). Times are written in the district's zone
// (DTSTART;TZID=America/Chicago:...) with that zone's VTIMEZONE, so a calendar app shows the
// district's wall-clock time with its zone even on a phone set to another (issue 29); the instant
// is the stored UTC one. The UID is stable per opportunity, so a calendar updates an event it
// already holds instead of adding a copy.
export function renderCalendar(
  entries: CalendarEntry[],
  options: { host: string; name: string; timeZone: string; url?: string },
): string {
  const calendar = ical({
    name: options.name,
    prodId: { company: 'District Volunteers', product: 'svc-volunteer', language: 'EN' },
    // Feed readers poll no more often than this.
    ttl: 60 * 60,
    // No calendar-wide zone name: ical-generator would then write DTSTAMP in local time too, which
    // RFC 5545 wants in UTC. The events name the zone; the generator adds its VTIMEZONE.
    timezone: { name: null, generator: vtimezone },
    ...(options.url ? { url: options.url } : {}),
  });
  // Apple's and Google's calendars read the calendar's zone from here.
  calendar.x('X-WR-TIMEZONE', options.timeZone);
  // Luxon carries the zone: ical-generator formats a plain Date in the server's own zone.
  const inZone = (date: Date) => DateTime.fromJSDate(date, { zone: options.timeZone });
  for (const entry of entries) {
    calendar.createEvent({
      id: `opportunity-${entry.id}@${options.host}`,
      start: inZone(entry.date),
      end: inZone(entry.endsAt),
      timezone: options.timeZone,
      summary: entry.title,
      location: entry.location,
      description: entry.description,
    });
  }
  return calendar.toString();
}
