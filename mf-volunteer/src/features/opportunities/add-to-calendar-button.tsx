import { apiPaths, type Opportunity } from '@district/contracts';
import { Button, CalendarPlusIcon } from '@district/ui';

// Issue 18: the opportunity as an .ics file, which phones and desktop calendars open directly.
export function AddToCalendarButton({ opportunity }: { opportunity: Opportunity }) {
  return (
    <Button asChild variant="ghost" size="sm">
      <a href={apiPaths.opportunityCalendar(opportunity.id)} download>
        <CalendarPlusIcon />
        Add to calendar
        <span className="ui-sr-only"> {opportunity.title}</span>
      </a>
    </Button>
  );
}
