import {
  apiPaths,
  isOpportunityFull,
  SCREEN_TEXTS,
  TOASTS,
  type Opportunity,
  type SignupEntry,
} from '@district/contracts';
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
  Spinner,
  toast,
  useCurrentUser,
  UsersIcon,
} from '@district/ui';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import {
  refreshVolunteerData,
  sendJson,
  useMyWaitlist,
  useSignups,
} from '../volunteer/volunteer-queries';
import { AddToCalendarButton } from './add-to-calendar-button';
import { RosterButton } from '../attendance/roster-button';
import { ArchiveOpportunityButton } from './archive-opportunity-button';
import { DeleteOpportunityButton } from './delete-opportunity-button';
import { EditOpportunityButton } from './edit-opportunity-button';
import { opportunityAnchor } from '../find/opportunity-anchor';
import { OpportunityDetails } from './opportunity-details';
import { SeriesLabel } from './series-label';
import { SignupList } from './signup-list';
import { WaitlistActions } from './waitlist-actions';

// An active opportunity: what, where, when, live capacity, who signed up, and the one action
// that fits (Sign Up, Withdraw, or the disabled "Full" button with the waitlist beside it).
export function OpportunityCard({ opportunity }: { opportunity: Opportunity }) {
  const user = useCurrentUser();
  const titleId = useId();
  const signups = useSignups(opportunity.id);
  // The server marks the viewer's own entry; other users' ids are never sent (issue 15.9).
  const isMine = (s: SignupEntry) => s.mine;
  const signedUp = Boolean(signups.data?.some(isMine));
  const full = isOpportunityFull(opportunity);
  const waitlist = useMyWaitlist();
  const waitlistPosition =
    waitlist.data?.find((place) => place.opportunityId === opportunity.id)?.position ?? null;

  const signUp = useMutation({
    mutationFn: () => sendJson<Opportunity>('POST', apiPaths.opportunitySignup(opportunity.id)),
    onSuccess: async () => {
      toast({ title: TOASTS.signedUp });
      await refreshVolunteerData();
    },
    // A refusal (full, already signed up) may mean this card is out of date: show the truth.
    onSettled: (_data, error) => (error ? refreshVolunteerData() : undefined),
  });
  const withdraw = useMutation({
    mutationFn: () => sendJson<Opportunity>('DELETE', apiPaths.opportunitySignup(opportunity.id)),
    onSuccess: async () => {
      toast({ title: TOASTS.signupWithdrawn });
      await refreshVolunteerData();
    },
    onSettled: (_data, error) => (error ? refreshVolunteerData() : undefined),
  });
  const busy = signUp.isPending || withdraw.isPending;
  // Signing up swaps Sign Up for Withdraw (and back), and the pressed button is disabled while it
  // works: a keyboard user keeps their place on the card's new action instead of starting again
  // from the top of the page (WCAG 2.4.3; e2e/tests/keyboard-journeys.spec.ts).
  const footerRef = useRef<HTMLDivElement>(null);
  const wasSignedUp = useRef(signedUp);
  useEffect(() => {
    // Once the swap is done and the new button is enabled.
    if (busy || wasSignedUp.current === signedUp) return;
    wasSignedUp.current = signedUp;
    if (document.activeElement === document.body)
      footerRef.current?.querySelector<HTMLElement>('button:not(:disabled)')?.focus();
  }, [signedUp, busy]);

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
          {signedUp ? <Badge variant="highlight">Signed up</Badge> : null}
        </div>
        <SeriesLabel opportunity={opportunity} />
        <CardDescription>{opportunity.description}</CardDescription>
      </CardHeader>
      <CardContent className="opportunity__body">
        <OpportunityDetails opportunity={opportunity} />
        <p className="opportunity__capacity">
          <UsersIcon />
          <span>
            {opportunity.filled}/{opportunity.spaces} spots
          </span>
          <span className="ui-sr-only"> filled</span>
        </p>
        {/* Not a landmark: a region per card repeats names when titles repeat (axe landmark-unique). */}
        <div className="opportunity__signups">
          <h3 className="opportunity__subheading">
            Signed up{signups.data?.length ? ` (${signups.data.length})` : ''}
          </h3>
          {signups.isPending ? (
            <Spinner size="sm" label="Loading signups" />
          ) : signups.isError ? (
            <p className="opportunity__muted">Could not load the signups.</p>
          ) : signups.data.length === 0 ? (
            <p className="opportunity__muted">No one has signed up yet.</p>
          ) : (
            <SignupList signups={signups.data} isMine={isMine} />
          )}
        </div>
      </CardContent>
      <CardFooter className="opportunity__footer" ref={footerRef}>
        {signedUp ? (
          <Button variant="outline" onClick={() => withdraw.mutate()} disabled={busy}>
            {withdraw.isPending ? 'Withdrawing…' : 'Withdraw'}
          </Button>
        ) : full ? (
          <div className="opportunity__actions">
            <Button disabled>{SCREEN_TEXTS.full}</Button>
            <WaitlistActions
              opportunityId={opportunity.id}
              position={waitlistPosition}
              loading={waitlist.isPending}
            />
          </div>
        ) : (
          <Button onClick={() => signUp.mutate()} disabled={busy || signups.isPending}>
            {signUp.isPending ? 'Signing up…' : SCREEN_TEXTS.signUp}
          </Button>
        )}
        <AddToCalendarButton opportunity={opportunity} />
        {user?.isAdmin ? (
          <div className="opportunity__admin">
            <EditOpportunityButton opportunity={opportunity} />
            <RosterButton opportunity={opportunity} />
            <ArchiveOpportunityButton opportunity={opportunity} />
            <DeleteOpportunityButton opportunity={opportunity} />
          </div>
        ) : null}
      </CardFooter>
    </Card>
  );
}
