import { apiPaths, type Opportunity } from '@district/contracts';
import { Button, CalendarPlusIcon, useT } from '@district/ui';

// Issue 18: the opportunity as an .ics file, which phones and desktop calendars open directly.
// `name` ends the link's accessible name (the title; inside a series, the title and the date).
export function AddToCalendarButton({
  opportunity,
  name = opportunity.title,
}: {
  opportunity: Opportunity;
  name?: string;
}) {
  const { t } = useT();
  return (
    <Button asChild variant="ghost" size="sm">
      <a href={apiPaths.opportunityCalendar(opportunity.id)} download>
        <CalendarPlusIcon />
        {t('volunteer.calendar.add')}
        <span className="ui-sr-only"> {name}</span>
      </a>
    </Button>
  );
}
