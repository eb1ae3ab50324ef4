import type { Opportunity } from '@district/contracts';
import { Button, Dialog, Tabs, TabsContent, TabsList, TabsTrigger, UsersIcon } from '@district/ui';
import { useState } from 'react';
import { CheckInCodeView } from './check-in-code-view';
import { RosterList } from './roster-list';

// Admin only (issue 18): the roster with Attended / Absent toggles, and the rotating check-in
// code as a QR code. The code view fetches only while its tab is shown.
export function RosterButton({ opportunity }: { opportunity: Opportunity }) {
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState('roster');
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <UsersIcon />
        Roster<span className="ui-sr-only"> of {opportunity.title}</span>
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={`Roster: ${opportunity.title}`}
        description="Mark who came. Attended becomes approved service hours."
        className="attendance-dialog"
      >
        {open ? (
          <Tabs value={tab} onValueChange={setTab}>
            <TabsList aria-label="Attendance">
              <TabsTrigger value="roster">Roster</TabsTrigger>
              <TabsTrigger value="code">Check-in code</TabsTrigger>
            </TabsList>
            <TabsContent value="roster">
              <RosterList opportunityId={opportunity.id} />
            </TabsContent>
            <TabsContent value="code">
              {tab === 'code' ? <CheckInCodeView opportunityId={opportunity.id} /> : null}
            </TabsContent>
          </Tabs>
        ) : null}
      </Dialog>
    </>
  );
}
