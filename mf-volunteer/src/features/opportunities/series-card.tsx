import type { Opportunity } from '@district/contracts';
import {
  Badge,
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
  MapPinIcon,
  useCurrentUser,
  useT,
} from '@district/ui';
import { useEffect, useId, useState } from 'react';
import { opportunityAnchor, useTargetOpportunity } from '../find/opportunity-anchor';
import { formatSeriesDate, formatTimeRange } from '../volunteer/format-date';
import { AddToCalendarButton } from './add-to-calendar-button';
import { AdminActions } from './admin-actions';
import { MoreToggle } from './more-toggle';
import { OpportunityCapacity } from './opportunity-capacity';
import { SeriesSummary } from './series-label';
import { isMine, SignupActions, useSignupState } from './signup-actions';
import { SignupList } from './signup-list';

// Dates a series card lists before "Show all": a 26-week series stays as short as a one-off.
export const SERIES_PREVIEW_COUNT = 3;

// Issue 18: a weekly series as one card ("Every Saturday · 6 dates"): what and where once, then
// each date with its own time, spaces, sign-ups and actions (sign up, waitlist, calendar).
export function SeriesCard({ dates }: { dates: Opportunity[] }) {
  const { t } = useT();
  const titleId = useId();
  const listId = useId();
  const [first] = dates;
  const [expanded, setExpanded] = useState(false);

  // A link to one of its dates (/volunteer#opportunity-<id>) opens the list so the page can
  // scroll to that date.
  const target = useTargetOpportunity();
  const targetIndex = target.id === undefined ? -1 : dates.findIndex((d) => d.id === target.id);
  useEffect(() => {
    if (targetIndex >= SERIES_PREVIEW_COUNT) setExpanded(true);
  }, [targetIndex, target.key]);

  const shown = expanded ? dates : dates.slice(0, SERIES_PREVIEW_COUNT);
  return (
    <Card className="opportunity opportunity--series" aria-labelledby={titleId} role="article">
      <CardHeader className="opportunity__header">
        <div className="opportunity__heading">
          <CardTitle id={titleId}>{first.title}</CardTitle>
        </div>
        <SeriesSummary date={first.date} count={dates.length} />
        <CardDescription>{first.description}</CardDescription>
      </CardHeader>
      <CardContent className="opportunity__body">
        <p className="series__location">
          <MapPinIcon />
          <span className="ui-sr-only">{t('volunteer.details.location')} </span>
          {first.location}
        </p>
        <ul className="series__dates" id={listId} aria-label={t('volunteer.series.dates')}>
          {shown.map((date) => (
            <SeriesDate key={date.id} opportunity={date} title={first.title} />
          ))}
        </ul>
      </CardContent>
      {dates.length > SERIES_PREVIEW_COUNT ? (
        <CardFooter className="opportunity__footer">
          <MoreToggle
            expanded={expanded}
            controls={listId}
            onToggle={() => setExpanded((value) => !value)}
          >
            {expanded
              ? t('volunteer.series.showFewer')
              : t('volunteer.series.showAll', { count: dates.length })}
          </MoreToggle>
        </CardFooter>
      ) : null}
    </Card>
  );
}

// One date of the series: when, capacity, who signed up and what the viewer can do. The id is
// the target of /volunteer#opportunity-<id>; tabIndex -1 lets the page move focus there.
function SeriesDate({ opportunity, title }: { opportunity: Opportunity; title: string }) {
  const { t } = useT();
  const user = useCurrentUser();
  const dayId = useId();
  const state = useSignupState(opportunity);
  const day = formatSeriesDate(opportunity.date);
  // Every button of the date names the event and the day ("Add to calendar Tutoring, Sat, May 4").
  const name = t('volunteer.series.dateName', { title, date: day });
  return (
    <li
      className="series__date"
      id={opportunityAnchor(opportunity.id)}
      tabIndex={-1}
      aria-labelledby={dayId}
    >
      <div className="series__when">
        <time id={dayId} dateTime={opportunity.date} className="series__day">
          {day}
        </time>
        <span className="series__time">
          {formatTimeRange(opportunity.date, opportunity.endsAt)}
        </span>
        {state.signedUp ? (
          <Badge variant="highlight">{t('volunteer.card.signedUpBadge')}</Badge>
        ) : null}
      </div>
      <OpportunityCapacity opportunity={opportunity} />
      {state.signups.data?.length ? (
        <SignupList signups={state.signups.data} isMine={isMine} />
      ) : null}
      <div className="series__actions">
        <SignupActions opportunity={opportunity} state={state} />
        <AddToCalendarButton opportunity={opportunity} name={name} />
        {user?.isAdmin ? <AdminActions opportunity={opportunity} name={name} /> : null}
      </div>
    </li>
  );
}
