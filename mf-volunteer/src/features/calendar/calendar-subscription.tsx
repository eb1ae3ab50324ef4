import {
  Button,
  CalendarIcon,
  CopyIcon,
  Dialog,
  Field,
  i18n,
  Input,
  Spinner,
  toast,
  useT,
} from '@district/ui';
import { useState } from 'react';
import { useCalendarFeed, useResetCalendarFeed } from './calendar.queries';

// Issue 18: "Subscribe to my calendar": the student's private feed address (their sign-ups, kept
// up to date by their calendar app), to copy, and a reset that makes the old address stop working.
export function CalendarSubscription() {
  const [open, setOpen] = useState(false);
  const { t } = useT();
  const feed = useCalendarFeed(open);
  const [url, setUrl] = useState<string | undefined>();
  const shown = url ?? feed.data?.url;

  const reset = useResetCalendarFeed((fresh) => {
    if (fresh) setUrl(fresh.url);
    toast({
      title: i18n._('volunteer.feed.resetTitle'),
      description: i18n._('volunteer.feed.resetText'),
    });
  });

  const copy = async () => {
    if (!shown) return;
    try {
      await navigator.clipboard.writeText(shown);
      toast({ title: i18n._('volunteer.feed.copied') });
    } catch {
      toast({
        title: i18n._('volunteer.feed.copyFailed'),
        description: i18n._('volunteer.feed.copyFailedText'),
      });
    }
  };

  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <CalendarIcon />
        {t('volunteer.feed.subscribe')}
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={t('volunteer.feed.subscribe')}
        description={t('volunteer.feed.description')}
        footer={
          <Button variant="outline" onClick={() => setOpen(false)}>
            {t('volunteer.feed.close')}
          </Button>
        }
      >
        {shown ? (
          <div className="calendar-feed">
            <Field label={t('volunteer.feed.link')} description={t('volunteer.feed.linkHint')}>
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
                {t('volunteer.feed.copy')}
              </Button>
              <Button variant="outline" onClick={() => reset.mutate()} disabled={reset.isPending}>
                {reset.isPending ? t('volunteer.feed.resetting') : t('volunteer.feed.reset')}
              </Button>
            </div>
          </div>
        ) : feed.isError ? (
          <p>{t('volunteer.feed.loadFailed')}</p>
        ) : (
          <Spinner label={t('volunteer.feed.loading')} />
        )}
      </Dialog>
    </>
  );
}
