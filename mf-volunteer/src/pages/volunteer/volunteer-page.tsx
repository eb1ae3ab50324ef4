import { PageHeader, useAuth, useT } from '@district/ui';
import { CalendarSubscription } from '../../features/calendar/calendar-subscription';
import { useLocation } from 'react-router-dom';
import { CreateOpportunityButton } from '../../features/opportunities/create-opportunity-button';
import { QueuedCheckIns } from '../../features/offline/queued-check-ins';
import { VolunteerTabs } from '../../features/volunteer/volunteer-tabs';
import { CheckInPage } from '../check-in/check-in-page';

// The page a check-in QR code opens (issue 18).
const CHECK_IN_PATH = '/volunteer/check-in';

// /volunteer (SPEC §2): title, the admin's Create Opportunity button, and the two tabs.
export function VolunteerPage() {
  const { pathname } = useLocation();
  if (pathname === CHECK_IN_PATH) return <CheckInPage />;
  return <VolunteerAreaPage />;
}

function VolunteerAreaPage() {
  // The shell's user: @district/ui is a singleton, so this is the same store the header reads.
  const { user } = useAuth();
  const { t, m } = useT();
  return (
    <section className="area" aria-labelledby="volunteer-title">
      <PageHeader
        titleId="volunteer-title"
        title={m.screen.volunteerTitle}
        description={
          user?.isAdmin ? t('volunteer.page.adminDescription') : t('volunteer.page.description')
        }
        actions={
          <>
            <CalendarSubscription />
            {user?.isAdmin ? <CreateOpportunityButton /> : null}
          </>
        }
      />
      <QueuedCheckIns />
      <VolunteerTabs />
    </section>
  );
}
