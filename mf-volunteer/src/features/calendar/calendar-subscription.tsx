import { apiPaths, type CalendarFeedResponse } from '@district/contracts';
import { Button, CalendarIcon, CopyIcon, Dialog, Field, Input, Spinner, toast } from '@district/ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { sendJson } from '../volunteer/volunteer-queries';

const feedKey = [apiPaths.calendarFeed];

// Issue 18: "Subscribe to my calendar": the student's private feed address (their sign-ups, kept
// up to date by their calendar app), to copy, and a reset that makes the old address stop working.
export function CalendarSubscription() {
  const [open, setOpen] = useState(false);
  const feed = useQuery<CalendarFeedResponse>({
    queryKey: feedKey,
    enabled: open,
    staleTime: Infinity,
  });
  const [url, setUrl] = useState<string | undefined>();
  const shown = url ?? feed.data?.url;

  const reset = useMutation({
    mutationFn: () => sendJson<CalendarFeedResponse>('DELETE', apiPaths.calendarFeed),
    onSuccess: (fresh) => {
      if (fresh) setUrl(fresh.url);
      toast({ title: 'New calendar link made', description: 'The old link no longer works.' });
    },
  });

  const copy = async () => {
    if (!shown) return;
    try {
      await navigator.clipboard.writeText(shown);
      toast({ title: 'Calendar link copied' });
    } catch {
      toast({ title: 'Could not copy', description: 'Select the link and copy it yourself.' });
    }
  };

  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <CalendarIcon />
        Subscribe to my calendar
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Subscribe to my calendar"
        description="Add this link to Google Calendar, Apple Calendar or Outlook (“From URL” or “Subscribe”): the events you sign up for appear there and stay up to date."
        footer={
          <Button variant="outline" onClick={() => setOpen(false)}>
            Close
          </Button>
        }
      >
        {shown ? (
          <div className="calendar-feed">
            <Field
              label="Your private calendar link"
              description="Anyone with this link can see the events you signed up for. Reset it if you shared it by mistake."
            >
              <Input
                name="calendarFeedUrl"
                readOnly
                value={shown}
                onFocus={(event) => event.currentTarget.select()}
              />
            </Field>
            <div className="calendar-feed__actions">
              <Button onClick={() => void copy()}>
                <CopyIcon />
                Copy link
              </Button>
              <Button variant="outline" onClick={() => reset.mutate()} disabled={reset.isPending}>
                {reset.isPending ? 'Resetting…' : 'Reset link'}
              </Button>
            </div>
          </div>
        ) : feed.isError ? (
          <p>Could not load your calendar link.</p>
        ) : (
          <Spinner label="Loading your calendar link" />
        )}
      </Dialog>
    </>
  );
}
