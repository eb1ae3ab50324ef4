import type { Opportunity } from '@district/contracts';
import {
  Badge,
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
  Spinner,
  useCurrentUser,
  useT,
} from '@district/ui';
import { useId } from 'react';
import { opportunityAnchor } from '../find/opportunity-anchor';
import { AddToCalendarButton } from './add-to-calendar-button';
import { AdminActions } from './admin-actions';
import { OpportunityCapacity } from './opportunity-capacity';
import { OpportunityDetails } from './opportunity-details';
import { SeriesLabel } from './series-label';
import { isMine, SignupActions, useSignupState } from './signup-actions';
import { SignupList } from './signup-list';

// An active opportunity: what, where, when, live capacity, who signed up, and the one action
// that fits (Sign Up, Withdraw, or the disabled "Full" button with the waitlist beside it).
export function OpportunityCard({ opportunity }: { opportunity: Opportunity }) {
  const user = useCurrentUser();
  const { t } = useT();
  const titleId = useId();
  const state = useSignupState(opportunity);
  const { signups } = state;

  return (
    // The id is the target of /volunteer#opportunity-<id> (the new-opportunity toast's "View");
    // tabIndex -1 lets the page move focus there without adding a tab stop.
    <Card
      className="opportunity"
      aria-labelledby={titleId}
      role="article"
      id={opportunityAnchor(opportunity.id)}
      tabIndex={-1}
    >
      <CardHeader className="opportunity__header">
        <div className="opportunity__heading">
          <CardTitle id={titleId}>{opportunity.title}</CardTitle>
          {state.signedUp ? (
            <Badge variant="highlight">{t('volunteer.card.signedUpBadge')}</Badge>
          ) : null}
        </div>
        <SeriesLabel opportunity={opportunity} />
        <CardDescription>{opportunity.description}</CardDescription>
      </CardHeader>
      <CardContent className="opportunity__body">
        <OpportunityDetails opportunity={opportunity} />
        <OpportunityCapacity opportunity={opportunity} />
        {/* Not a landmark: a region per card repeats names when titles repeat (axe landmark-unique). */}
        <div className="opportunity__signups">
          <h3 className="opportunity__subheading">
            {t('volunteer.card.signedUpHeading', { count: signups.data?.length ?? 0 })}
          </h3>
          {signups.isPending ? (
            <Spinner size="sm" label={t('volunteer.card.loadingSignups')} />
          ) : signups.isError ? (
            <p className="opportunity__muted">{t('volunteer.card.signupsFailed')}</p>
          ) : signups.data.length === 0 ? (
            <p className="opportunity__muted">{t('volunteer.card.noSignups')}</p>
          ) : (
            <SignupList signups={signups.data} isMine={isMine} />
          )}
        </div>
      </CardContent>
      <CardFooter className="opportunity__footer">
        <SignupActions opportunity={opportunity} state={state} />
        <AddToCalendarButton opportunity={opportunity} />
        {user?.isAdmin ? <AdminActions opportunity={opportunity} /> : null}
      </CardFooter>
    </Card>
  );
}
