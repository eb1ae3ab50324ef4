import type { ServiceHoursLog } from '@district/contracts';
import {
  Card,
  CardContent,
  EmptyState,
  formatNumber,
  PageHeader,
  Spinner,
  Tabs,
  useAuth,
  useT,
} from '@district/ui';
import { useMemo } from 'react';
import { errorText, formatHours } from '../../shared/format';
import { HoursEntry } from '../../shared/hours-entry';
import { useMyHours } from '../../shared/hours.queries';
import { StatCard, StatGrid } from '../../shared/stat-card';
import { CorrectHours } from './correct-hours';
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
  const { t, m } = useT();
  if (isLoading) return <Spinner page label={t('hours.loading')} />;
  if (!user) {
    return (
      <Card>
        <CardContent className="area__message">
          <p>{m.screen.serviceHoursSignedOut}</p>
        </CardContent>
      </Card>
    );
  }
  return <OwnHours />;
}

function OwnHours() {
  const { t, m } = useT();
  const myHours = useMyHours();
  const entries = myHours.data;
  const sums = useMemo(() => totals(entries ?? []), [entries]);
  const loading = myHours.isLoading;

  return (
    <section className="area" aria-labelledby="service-hours-title">
      <PageHeader
        titleId="service-hours-title"
        title={t('hours.page.title')}
        description={t('hours.page.description')}
      />
      <StatGrid>
        <StatCard
          label={t('hours.page.approvedHours')}
          value={loading ? '…' : formatHours(sums.approved)}
          hint={t('hours.page.approvedHoursHint')}
        />
        <StatCard
          label={t('hours.page.pendingApproval')}
          value={loading ? '…' : formatHours(sums.pending)}
          hint={t('hours.progress.pendingHint')}
        />
        <StatCard
          label={t('hours.page.totalEntries')}
          value={loading ? '…' : formatNumber(sums.total)}
          hint={t('hours.page.totalEntriesHint')}
        />
      </StatGrid>
      <GoalProgress />
      <Tabs defaultValue="log" className="hours-tabs">
        <Tabs.List aria-label={t('hours.page.tabs')}>
          <Tabs.Trigger value="log">{m.screen.logHoursTab}</Tabs.Trigger>
          <Tabs.Trigger value="history">{m.screen.myHoursTab}</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="log">
          <Card className="hours-panel">
            <CardContent>
              <LogHoursForm />
            </CardContent>
          </Card>
        </Tabs.Content>
        <Tabs.Content value="history">
          {myHours.isError ? (
            <p role="alert" className="hours-inline-error">
              {t('hours.page.loadFailed', { error: errorText(myHours.error) })}
            </p>
          ) : loading ? (
            <Spinner label={t('hours.page.loadingHours')} />
          ) : entries && entries.length > 0 ? (
            <ul className="hours-list" aria-label={t('hours.page.list')}>
              {entries.map((entry) => (
                <li key={entry.id}>
                  <HoursEntry
                    entry={entry}
                    actions={
                      entry.status === 'rejected' ? (
                        <CorrectHours entry={entry} />
                      ) : (
                        <ResendConfirmation entry={entry} />
                      )
                    }
                  />
                </li>
              ))}
            </ul>
          ) : (
            <EmptyState
              title={t('hours.page.emptyTitle')}
              description={t('hours.page.emptyText')}
            />
          )}
          <OfficialRecordCard />
        </Tabs.Content>
      </Tabs>
    </section>
  );
}
