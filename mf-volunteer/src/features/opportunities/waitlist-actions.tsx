import { apiPaths, type Opportunity } from '@district/contracts';
import { Button, messages, toast, useT } from '@district/ui';
import { useMutation } from '@tanstack/react-query';
import { refreshVolunteerData, sendJson } from '../volunteer/volunteer-queries';

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
  const join = useMutation({
    mutationFn: () => sendJson<Opportunity>('POST', apiPaths.opportunityWaitlist(opportunityId)),
    onSuccess: async () => {
      toast({ title: messages().toasts.waitlistJoined });
      await refreshVolunteerData();
    },
    // A refusal (a spot opened, already signed up) means the card is out of date.
    onSettled: (_data, error) => (error ? refreshVolunteerData() : undefined),
  });
  const leave = useMutation({
    mutationFn: () => sendJson<Opportunity>('DELETE', apiPaths.opportunityWaitlist(opportunityId)),
    onSuccess: async () => {
      toast({ title: messages().toasts.waitlistLeft });
      await refreshVolunteerData();
    },
    onSettled: (_data, error) => (error ? refreshVolunteerData() : undefined),
  });
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
