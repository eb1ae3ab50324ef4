import type { Opportunity, OpportunityStatus } from '@district/contracts';
import { Button, CameraIcon, EmptyState, Spinner, Tabs, useCurrentUser, useT } from '@district/ui';
import { useEffect, useState, type ReactNode } from 'react';
import { useTargetOpportunity } from '../find/opportunity-anchor';
import './volunteer.css';
import { ActiveOpportunities } from '../find/active-opportunities';
import { ArchivedOpportunities } from '../photos/archived-opportunities';
import { refreshVolunteerData, useOpportunities } from './volunteer.queries';

function OpportunityList({
  status,
  empty,
  render,
}: {
  status: OpportunityStatus;
  empty: string;
  render: (opportunities: Opportunity[]) => ReactNode;
}) {
  const list = useOpportunities(status);
  const { t } = useT();
  if (list.isPending) return <Spinner label={t('volunteer.list.loading')} />;
  if (list.isError) {
    return (
      <EmptyState
        title={t('volunteer.list.loadFailed')}
        description={list.error.message}
        action={
          <Button variant="outline" onClick={() => void refreshVolunteerData()}>
            {t('volunteer.list.tryAgain')}
          </Button>
        }
      />
    );
  }
  if (list.data.length === 0) return <EmptyState description={empty} />;
  return render(list.data);
}

// SPEC §2 "/volunteer": both tabs, their cards, the photo banner and every empty text.
export function VolunteerTabs() {
  const user = useCurrentUser();
  const isAdmin = Boolean(user?.isAdmin);
  const { t, m } = useT();
  // A link to an opportunity's card (the toast's "View") opens the active tab.
  const [tab, setTab] = useState('active');
  const target = useTargetOpportunity();
  useEffect(() => {
    if (target.id !== undefined) setTab('active');
  }, [target.id, target.key]);
  return (
    <Tabs value={tab} onValueChange={setTab} className="volunteer__tabs">
      <Tabs.List aria-label={t('volunteer.tabs.label')}>
        <Tabs.Trigger value="active">{m.screen.activeOpportunitiesTab}</Tabs.Trigger>
        <Tabs.Trigger value="archived">{m.screen.pastEventsTab}</Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="active">
        <OpportunityList
          status="active"
          // The admin's suffix is a sentence of its own in both languages.
          empty={
            m.empty.activeOpportunities + (isAdmin ? m.empty.activeOpportunitiesAdminSuffix : '')
          }
          render={(opportunities) => <ActiveOpportunities opportunities={opportunities} />}
        />
      </Tabs.Content>
      <Tabs.Content value="archived">
        <aside className="volunteer__banner" aria-label={t('volunteer.banner.label')}>
          <CameraIcon />
          <div>
            <p className="volunteer__banner-title">{t('volunteer.banner.title')}</p>
            <p>{t('volunteer.banner.text')}</p>
          </div>
        </aside>
        <ArchivedOpportunities />
      </Tabs.Content>
    </Tabs>
  );
}
