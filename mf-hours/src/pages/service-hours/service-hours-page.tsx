import { SCREEN_TEXTS, type ServiceHoursLog } from '@district/contracts';
import {
  Card,
  CardContent,
  EmptyState,
  PageHeader,
  Spinner,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  useAuth,
} from '@district/ui';
import { useMemo } from 'react';
import { errorText, formatHours } from '../../shared/format';
import { HoursEntry } from '../../shared/hours-entry';
import { useMyHours } from '../../shared/hours-api';
import { StatCard, StatGrid } from '../../shared/stat-card';
import { GoalProgress } from './goal-progress';
import { LogHoursForm } from './log-hours-form';
import { OfficialRecordCard } from './official-record-card';
import { ResendConfirmation } from './resend-confirmation';
import '../../mf-hours.css';

// Sums in halves (integers), so no floating-point drift however many entries there are.
function totals(entries: readonly ServiceHoursLog[]) {
  let approvedHalves = 0;
  let pendingHalves = 0;
  for (const e of entries) {
    if (e.status === 'approved') approvedHalves += Math.round(e.hours * 2);
    else if (e.status === 'pending') pendingHalves += Math.round(e.hours * 2);
  }
  return { approved: approvedHalves / 2, pending: pendingHalves / 2, total: entries.length };
}

// SPEC §2 "/service-hours": the student's own hours.
export function ServiceHoursPage() {
  const { user, isLoading } = useAuth();
  if (isLoading) return <Spinner page label="Loading" />;
  if (!user) {
    return (
      <Card>
        <CardContent className="area__message">
          <p>{SCREEN_TEXTS.serviceHoursSignedOut}</p>
        </CardContent>
      </Card>
    );
  }
  return <OwnHours />;
}

function OwnHours() {
  const myHours = useMyHours();
  const entries = myHours.data;
  const sums = useMemo(() => totals(entries ?? []), [entries]);
  const loading = myHours.isLoading;

  return (
    <section className="area" aria-labelledby="service-hours-title">
      <PageHeader
        titleId="service-hours-title"
        title="Service Hours"
        description="Log the hours you volunteered and follow their approval."
      />
      <StatGrid>
        <StatCard
          label="Approved Hours"
          value={loading ? '…' : formatHours(sums.approved)}
          hint="hours approved so far"
        />
        <StatCard
          label="Pending Approval"
          value={loading ? '…' : formatHours(sums.pending)}
          hint="hours awaiting review"
        />
        <StatCard label="Total Entries" value={loading ? '…' : sums.total} hint="entries logged" />
      </StatGrid>
      <GoalProgress />
      <Tabs defaultValue="log" className="hours-tabs">
        <TabsList aria-label="Service hours">
          <TabsTrigger value="log">{SCREEN_TEXTS.logHoursTab}</TabsTrigger>
          <TabsTrigger value="history">{SCREEN_TEXTS.myHoursTab}</TabsTrigger>
        </TabsList>
        <TabsContent value="log">
          <Card className="hours-panel">
            <CardContent>
              <LogHoursForm />
            </CardContent>
          </Card>
        </TabsContent>
        <TabsContent value="history">
          {myHours.isError ? (
            <p role="alert" className="hours-inline-error">
              Your hours could not be loaded: {errorText(myHours.error)}
            </p>
          ) : loading ? (
            <Spinner label="Loading your hours" />
          ) : entries && entries.length > 0 ? (
            <ul className="hours-list" aria-label="My logged hours">
              {entries.map((entry) => (
                <li key={entry.id}>
                  <HoursEntry entry={entry} actions={<ResendConfirmation entry={entry} />} />
                </li>
              ))}
            </ul>
          ) : (
            <EmptyState
              title="No hours logged yet"
              description="Entries you log appear here with their status."
            />
          )}
          <OfficialRecordCard />
        </TabsContent>
      </Tabs>
    </section>
  );
}
