import { SCREEN_TEXTS } from '@district/contracts';
import { PageHeader, useAuth } from '@district/ui';
import { CalendarSubscription } from '../../features/calendar/calendar-subscription';
import { CreateOpportunityButton } from '../../features/opportunities/create-opportunity-button';
import { VolunteerTabs } from '../../features/volunteer/volunteer-tabs';

// /volunteer (SPEC §2): title, the admin's Create Opportunity button, and the two tabs.
export function VolunteerPage() {
  // The shell's user: @district/ui is a singleton, so this is the same store the header reads.
  const { user } = useAuth();
  return (
    <section className="area" aria-labelledby="volunteer-title">
      <PageHeader
        titleId="volunteer-title"
        title={SCREEN_TEXTS.volunteerTitle}
        description={
          user?.isAdmin
            ? 'Post new opportunities and look after past events and their photos.'
            : 'Find events in the district, sign up to help and share photos afterwards.'
        }
        actions={
          <>
            <CalendarSubscription />
            {user?.isAdmin ? <CreateOpportunityButton /> : null}
          </>
        }
      />
      <VolunteerTabs />
    </section>
  );
}
