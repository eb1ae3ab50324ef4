import type { Opportunity } from '@district/contracts';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
  useCurrentUser,
  useT,
} from '@district/ui';
import { useId } from 'react';
import { RosterButton } from '../attendance/roster-button';
import { DeleteOpportunityButton } from '../opportunities/delete-opportunity-button';
import { OpportunityDetails } from '../opportunities/opportunity-details';
import { EventPhotos } from './event-photos';
import { SubmitPhotoButton } from './submit-photo-button';

// A past event: its details, its photos and the Submit Photos dialog.
export function ArchivedCard({ opportunity }: { opportunity: Opportunity }) {
  const user = useCurrentUser();
  const titleId = useId();
  const { t } = useT();
  return (
    <Card className="opportunity opportunity--archived" aria-labelledby={titleId} role="article">
      <CardHeader>
        <CardTitle id={titleId}>{opportunity.title}</CardTitle>
        <CardDescription>{opportunity.description}</CardDescription>
      </CardHeader>
      <CardContent className="opportunity__body">
        <OpportunityDetails opportunity={opportunity} />
        {/* Not a landmark: one region per card repeats names when titles repeat (axe landmark-unique). */}
        <div className="opportunity__photos">
          <h3 className="opportunity__subheading">{t('volunteer.photos.heading')}</h3>
          <EventPhotos opportunity={opportunity} />
        </div>
      </CardContent>
      <CardFooter className="opportunity__footer">
        <SubmitPhotoButton opportunity={opportunity} />
        {user?.isAdmin ? (
          <div className="opportunity__admin">
            {/* Attendance is often taken after the event has moved here. */}
            <RosterButton opportunity={opportunity} />
            <DeleteOpportunityButton opportunity={opportunity} />
          </div>
        ) : null}
      </CardFooter>
    </Card>
  );
}
