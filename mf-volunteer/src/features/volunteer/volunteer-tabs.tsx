import {
  EMPTY_TEXTS,
  SCREEN_TEXTS,
  type Opportunity,
  type OpportunityStatus,
} from '@district/contracts';
import {
  Button,
  CameraIcon,
  EmptyState,
  Spinner,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  useCurrentUser,
} from '@district/ui';
import { useEffect, useState, type ReactNode } from 'react';
import { useTargetOpportunity } from '../find/opportunity-anchor';
import './volunteer.css';
import { ActiveOpportunities } from '../find/active-opportunities';
import { ArchivedOpportunities } from '../photos/archived-opportunities';
import { refreshVolunteerData, useOpportunities } from './volunteer-queries';

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
  if (list.isPending) return <Spinner label="Loading opportunities" />;
  if (list.isError) {
    return (
      <EmptyState
        title="Could not load opportunities"
        description={list.error.message}
        action={
          <Button variant="outline" onClick={() => void refreshVolunteerData()}>
            Try again
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
  // A link to an opportunity's card (the toast's "View") opens the active tab.
  const [tab, setTab] = useState('active');
  const target = useTargetOpportunity();
  useEffect(() => {
    if (target.id !== undefined) setTab('active');
  }, [target.id, target.key]);
  return (
    <Tabs value={tab} onValueChange={setTab} className="volunteer__tabs">
      <TabsList aria-label="Opportunities">
        <TabsTrigger value="active">{SCREEN_TEXTS.activeOpportunitiesTab}</TabsTrigger>
        <TabsTrigger value="archived">{SCREEN_TEXTS.pastEventsTab}</TabsTrigger>
      </TabsList>
      <TabsContent value="active">
        <OpportunityList
          status="active"
          empty={
            EMPTY_TEXTS.activeOpportunities +
            (isAdmin ? EMPTY_TEXTS.activeOpportunitiesAdminSuffix : '')
          }
          render={(opportunities) => <ActiveOpportunities opportunities={opportunities} />}
        />
      </TabsContent>
      <TabsContent value="archived">
        <aside className="volunteer__banner" aria-label="Share your photos">
          <CameraIcon />
          <div>
            <p className="volunteer__banner-title">Share your event photos!</p>
            <p>
              Took part in a past event? Submit your photos so others can see the difference you
              made. Admins review every photo before it appears here.
            </p>
          </div>
        </aside>
        <ArchivedOpportunities />
      </TabsContent>
    </Tabs>
  );
}
