import ical from 'ical-generator';

export interface CalendarEntry {
  id: number;
  title: string;
  description: string;
  location: string;
  date: Date;
  endsAt: Date;
}

// RFC 5545 text (ical-generator: escaping, folding, UTC DTSTART/DTEND). The UID is stable per
// opportunity, so a calendar updates an event it already holds instead of adding a copy.
export function renderCalendar(
  entries: CalendarEntry[],
  options: { host: string; name: string; url?: string },
): string {
  const calendar = ical({
    name: options.name,
    prodId: { company: 'District Volunteering', product: 'svc-volunteer', language: 'EN' },
    // Feed readers poll no more often than this.
    ttl: 60 * 60,
    ...(options.url ? { url: options.url } : {}),
  });
  for (const entry of entries) {
    calendar.createEvent({
      id: `opportunity-${entry.id}@${options.host}`,
      start: entry.date,
      end: entry.endsAt,
      summary: entry.title,
      location: entry.location,
      description: entry.description,
    });
  }
  return calendar.toString();
}
