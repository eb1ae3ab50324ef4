import { isOpportunityFull, type Opportunity, type SignupEntry } from '@district/contracts';
import { Button, useT } from '@district/ui';
import { useEffect, useRef } from 'react';
import { useMyWaitlist, useSignups } from '../volunteer/volunteer.queries';
import { ConfirmButton } from './confirm-button';
import { WaitlistActions } from './waitlist-actions';
import { useSignUp, useWithdraw } from './opportunities.queries';

// The server marks the viewer's own entry; other users' ids are never sent (issue 15.9).
export const isMine = (s: SignupEntry) => s.mine;

// Where the viewer stands on one date: its sign-ups, theirs among them, full, their waitlist place.
export function useSignupState(opportunity: Opportunity) {
  const signups = useSignups(opportunity.id);
  const waitlist = useMyWaitlist();
  return {
    signups,
    signedUp: Boolean(signups.data?.some(isMine)),
    full: isOpportunityFull(opportunity),
    waitlistPosition:
      waitlist.data?.find((place) => place.opportunityId === opportunity.id)?.position ?? null,
    waitlistLoading: waitlist.isPending,
  };
}

// The one action that fits a date: Sign Up, Withdraw, or the disabled "Full" button with the
// waitlist beside it. Shared by a one-off's card and each date of a series.
export function SignupActions({
  opportunity,
  state,
}: {
  opportunity: Opportunity;
  state: ReturnType<typeof useSignupState>;
}) {
  const { t, m } = useT();
  const signUp = useSignUp(opportunity.id);
  const withdraw = useWithdraw(opportunity.id);
  const busy = signUp.isPending || withdraw.isPending;
  // Signing up swaps Sign Up for Withdraw (and back), and the pressed button is disabled while it
  // works: a keyboard user keeps their place on the date's new action instead of starting again
  // from the top of the page (WCAG 2.4.3; e2e/tests/keyboard-journeys.spec.ts).
  const wasSignedUp = useRef(state.signedUp);
  useEffect(() => {
    if (busy || wasSignedUp.current === state.signedUp) return;
    wasSignedUp.current = state.signedUp;
    if (document.activeElement === document.body)
      document
        .querySelector<HTMLElement>(`[data-signup-for="${opportunity.id}"]:not(:disabled)`)
        ?.focus();
  }, [state.signedUp, busy, opportunity.id]);

  if (state.signedUp)
    return (
      <ConfirmButton
        variant="outline"
        data-signup-for={opportunity.id}
        disabled={busy}
        title={t('volunteer.card.withdrawTitle')}
        description={t('volunteer.card.withdrawText', { title: opportunity.title })}
        actionLabel={t('volunteer.card.withdraw')}
        onConfirm={() => withdraw.mutate()}
      >
        {withdraw.isPending ? t('volunteer.card.withdrawing') : t('volunteer.card.withdraw')}
      </ConfirmButton>
    );
  if (state.full)
    return (
      <div className="opportunity__actions">
        <Button disabled>{m.screen.full}</Button>
        <WaitlistActions
          opportunityId={opportunity.id}
          position={state.waitlistPosition}
          loading={state.waitlistLoading}
        />
      </div>
    );
  return (
    <Button
      data-signup-for={opportunity.id}
      onClick={() => signUp.mutate()}
      disabled={busy || state.signups.isPending}
    >
      {signUp.isPending ? t('volunteer.card.signingUp') : m.screen.signUp}
    </Button>
  );
}
