import { Button, useT } from '@district/ui';
import { useJoinWaitlist, useLeaveWaitlist } from './opportunities.queries';

// Issue 18: beside a full card's disabled button, "Join waitlist"; once waiting, the place in
// line and "Leave waitlist". A promotion arrives as a toast and turns the card signed up.
export function WaitlistActions({
  opportunityId,
  position,
  loading,
}: {
  opportunityId: number;
  position: number | null;
  loading: boolean;
}) {
  const { t, m } = useT();
  const join = useJoinWaitlist(opportunityId);
  const leave = useLeaveWaitlist(opportunityId);
  const busy = join.isPending || leave.isPending;

  if (position === null)
    return (
      <Button variant="outline" onClick={() => join.mutate()} disabled={busy || loading}>
        {join.isPending ? t('volunteer.waitlist.joining') : m.screen.joinWaitlist}
      </Button>
    );
  return (
    <div className="opportunity__waitlist">
      <p className="opportunity__waitlist-place" role="status">
        {m.screen.waitlistPosition(position)}
      </p>
      <Button variant="outline" onClick={() => leave.mutate()} disabled={busy}>
        {leave.isPending ? t('volunteer.waitlist.leaving') : m.screen.leaveWaitlist}
      </Button>
    </div>
  );
}
