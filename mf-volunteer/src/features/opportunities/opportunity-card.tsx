import {
  apiPaths,
  isOpportunityFull,
  SCREEN_TEXTS,
  TOASTS,
  type Opportunity,
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
} from '@district/ui';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { UsersIcon } from '../volunteer/icons';
import { refreshVolunteerData, sendJson, useSignups } from '../volunteer/volunteer-queries';
import { ArchiveOpportunityButton } from './archive-opportunity-button';
import { DeleteOpportunityButton } from './delete-opportunity-button';
import { OpportunityDetails } from './opportunity-details';

// An active opportunity: what, where, when, live capacity, who signed up, and the one action
// that fits (Sign Up, Withdraw, or the disabled "Full" button).
export function OpportunityCard({ opportunity }: { opportunity: Opportunity }) {
  const user = useCurrentUser();
  const titleId = useId();
  const signups = useSignups(opportunity.id);
  const signedUp = Boolean(user && signups.data?.some((s) => s.userId === user.id));
  const full = isOpportunityFull(opportunity);

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

  return (
    <Card className="opportunity" aria-labelledby={titleId} role="article">
      <CardHeader className="opportunity__header">
        <div className="opportunity__heading">
          <CardTitle id={titleId}>{opportunity.title}</CardTitle>
          {signedUp ? <Badge variant="highlight">Signed up</Badge> : null}
        </div>
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
          <h3 className="opportunity__subheading">Signed up</h3>
          {signups.isPending ? (
            <Spinner size="sm" label="Loading signups" />
          ) : signups.isError ? (
            <p className="opportunity__muted">Could not load the signups.</p>
          ) : signups.data.length === 0 ? (
            <p className="opportunity__muted">No one has signed up yet.</p>
          ) : (
            <ul className="opportunity__people">
              {signups.data.map((s) => (
                <li key={s.userId}>{s.school ? `${s.name} from ${s.school}` : s.name}</li>
              ))}
            </ul>
          )}
        </div>
      </CardContent>
      <CardFooter className="opportunity__footer">
        {signedUp ? (
          <Button variant="outline" onClick={() => withdraw.mutate()} disabled={busy}>
            {withdraw.isPending ? 'Withdrawing…' : 'Withdraw'}
          </Button>
        ) : full ? (
          <Button disabled>{SCREEN_TEXTS.full}</Button>
        ) : (
          <Button onClick={() => signUp.mutate()} disabled={busy || signups.isPending}>
            {signUp.isPending ? 'Signing up…' : SCREEN_TEXTS.signUp}
          </Button>
        )}
        {user?.isAdmin ? (
          <div className="opportunity__admin">
            <ArchiveOpportunityButton opportunity={opportunity} />
            <DeleteOpportunityButton opportunity={opportunity} />
          </div>
        ) : null}
      </CardFooter>
    </Card>
  );
}
