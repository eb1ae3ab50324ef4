import type { Opportunity } from '@district/contracts';
import { Button, Dialog, Tabs, UsersIcon, useT } from '@district/ui';
import { useState } from 'react';
import { CheckInCodeView } from './check-in-code-view';
import { RosterList } from './roster-list';

// Admin only (issue 18): the roster with Attended / Absent toggles, and the rotating check-in
// code as a QR code. The code view fetches only while its tab is shown.
export function RosterButton({
  opportunity,
  name = opportunity.title,
}: {
  opportunity: Opportunity;
  name?: string;
}) {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState('roster');
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <UsersIcon />
        {t('volunteer.roster.button')}
        <span className="ui-sr-only"> {t('volunteer.roster.buttonOf', { title: name })}</span>
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={t('volunteer.roster.title', { title: name })}
        description={t('volunteer.roster.description')}
        className="attendance-dialog"
      >
        {open ? (
          <Tabs value={tab} onValueChange={setTab}>
            <Tabs.List aria-label={t('volunteer.roster.tabs')}>
              <Tabs.Trigger value="roster">{t('volunteer.roster.button')}</Tabs.Trigger>
              <Tabs.Trigger value="code">{t('volunteer.roster.codeTab')}</Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="roster">
              <RosterList opportunityId={opportunity.id} />
            </Tabs.Content>
            <Tabs.Content value="code">
              {tab === 'code' ? <CheckInCodeView opportunity={opportunity} /> : null}
            </Tabs.Content>
          </Tabs>
        ) : null}
      </Dialog>
    </>
  );
}
