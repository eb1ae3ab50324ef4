import {
  REVIEW_STATUSES,
  SCREEN_TEXTS,
  type ConfirmationFilter,
  type ReviewStatus,
  type ServiceHoursTotals,
} from '@district/contracts';
import {
  buttonClassName,
  Card,
  CardDescription,
  CardHeader,
  CardTitle,
  Field,
  PageHeader,
  Select,
  Spinner,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  useAuth,
  type SelectOption,
} from '@district/ui';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { errorText, formatHours } from '../../shared/format';
import { prefetchReviewList, useHoursSummary } from '../../shared/hours-api';
import { StatCard, StatGrid } from '../../shared/stat-card';
import { exportCsvUrl } from '../../shared/goals-api';
import { ConfirmationSetting } from './confirmation-setting';
import { GoalStudents } from './goal-students';
import { ReviewList } from './review-list';
import '../../mf-hours.css';

const ALL_SCHOOLS = 'all';

// Admins only: its own chunk, never fetched for supervisors.
const HoursReports = lazy(() => import('./hours-reports'));

// A school whose last entries went away (an account deleted meanwhile) shows zeros.
const NO_ENTRIES: ServiceHoursTotals = {
  total: 0,
  pending: 0,
  approved: 0,
  rejected: 0,
  approvedHours: 0,
  pendingHours: 0,
  activeStudents: 0,
};

const TAB_LABELS: Record<ReviewStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};

// Issue 19: the organisation's answer to the confirmation e-mail (the list's ?confirmation=).
const ANY_CONFIRMATION = 'any';
const CONFIRMATION_OPTIONS: SelectOption[] = [
  { value: ANY_CONFIRMATION, label: 'Any' },
  { value: 'confirmed', label: 'Confirmed' },
  { value: 'declined', label: 'Declined' },
  { value: 'pending', label: 'Awaiting answer' },
  { value: 'none', label: 'Not asked' },
];

// SPEC §2 "/supervisor": supervisors and admins review every school's hours.
export function SupervisorPage() {
  const { user, isLoading } = useAuth();
  if (isLoading) return <Spinner page label="Loading" />;
  if (!user || !(user.isSupervisor || user.isAdmin)) {
    return (
      <Card role="alert">
        <CardHeader>
          <CardTitle as="h1">{SCREEN_TEXTS.accessDeniedTitle}</CardTitle>
          <CardDescription>{SCREEN_TEXTS.accessDeniedText}</CardDescription>
        </CardHeader>
      </Card>
    );
  }
  return <Review reviewerId={user.id} isAdmin={user.isAdmin} />;
}

function Review({ reviewerId, isAdmin }: { reviewerId: number; isAdmin: boolean }) {
  const [school, setSchool] = useState(ALL_SCHOOLS);
  const [behindGoal, setBehindGoal] = useState(false);
  const [confirmation, setConfirmation] = useState(ANY_CONFIRMATION);
  const confirmationFilter =
    confirmation === ANY_CONFIRMATION ? undefined : (confirmation as ConfirmationFilter);
  const [tab, setTab] = useState<ReviewStatus>('pending');
  // Tabs stay rendered (hidden) once opened, so switching back is only a visibility change.
  const [opened, setOpened] = useState<ReadonlySet<ReviewStatus>>(() => new Set(['pending']));
  const schoolFilter = school === ALL_SCHOOLS ? undefined : school;
  const openTab = (value: string) => {
    const status = value as ReviewStatus;
    setTab(status);
    setOpened((set) => (set.has(status) ? set : new Set([...set, status])));
  };
  const chooseSchool = (value: string) => {
    setSchool(value);
    // Only the visible tab renders the new school's entries; the others wait until opened.
    setOpened(new Set([tab]));
  };
  // Counts and the school list come from the server, not from 20,000 entries in the browser.
  const summary = useHoursSummary();
  const stats =
    summary.data &&
    (schoolFilter === undefined
      ? summary.data
      : (summary.data.bySchool[schoolFilter] ?? NO_ENTRIES));

  // Once the page is idle, each school's first page of the visible tab, one request at a time,
  // so picking a school shows its entries without waiting for the network.
  const schools = summary.data?.schools;
  useEffect(() => {
    if (!schools) return;
    let cancelled = false;
    const warm = async () => {
      for (const name of schools) {
        if (cancelled) return;
        await prefetchReviewList(tab, name);
      }
    };
    const idle = window.requestIdleCallback ?? ((fn: () => void) => window.setTimeout(fn, 500));
    const handle = idle(() => void warm());
    return () => {
      cancelled = true;
      (window.cancelIdleCallback ?? window.clearTimeout)(handle);
    };
  }, [schools, tab]);

  const schoolOptions = useMemo<SelectOption[]>(
    () => [
      { value: ALL_SCHOOLS, label: SCREEN_TEXTS.allSchools },
      ...(summary.data?.schools ?? []).map((name) => ({ value: name, label: name })),
    ],
    [summary.data?.schools],
  );

  const value = (n: number | undefined, format: (n: number) => string | number = (x) => x) =>
    n === undefined ? '…' : format(n);

  return (
    <section className="area" aria-labelledby="supervisor-title">
      <PageHeader
        titleId="supervisor-title"
        title="Supervisor Dashboard"
        description="Review the service hours students have logged across the district."
        actions={
          <div className="hours-export">
            <Field label="School" className="hours-school-filter">
              <Select options={schoolOptions} value={school} onValueChange={chooseSchool} />
            </Field>
            <Field label="Organisation answer" className="hours-school-filter">
              <Select
                options={CONFIRMATION_OPTIONS}
                value={confirmation}
                onValueChange={(value) => {
                  setConfirmation(value);
                  setOpened(new Set([tab]));
                }}
              />
            </Field>
            {/* The entries of the screen's filters (school, tab, behind goal) as a CSV file. */}
            <a
              className={buttonClassName({ variant: 'outline' })}
              href={exportCsvUrl({ school: schoolFilter, status: tab, behindGoal })}
              download
            >
              Export CSV
            </a>
          </div>
        }
      />
      {summary.isError ? (
        <p role="alert" className="hours-inline-error">
          The totals could not be loaded: {errorText(summary.error)}
        </p>
      ) : null}
      <StatGrid>
        <StatCard
          label="Pending Approval"
          value={value(stats?.pending)}
          hint="entries awaiting review"
        />
        <StatCard
          label="Hours Approved"
          value={value(stats?.approvedHours, formatHours)}
          hint="hours approved"
        />
        <StatCard
          label="Active Students"
          value={value(stats?.activeStudents)}
          hint="students with entries"
        />
        <StatCard label="Total Entries" value={value(stats?.total)} hint="entries logged" />
      </StatGrid>
      <Tabs value={tab} onValueChange={openTab} className="hours-tabs">
        <TabsList aria-label="Entries by status">
          {REVIEW_STATUSES.map((status) => (
            <TabsTrigger key={status} value={status}>
              {TAB_LABELS[status]} ({stats ? stats[status] : '…'})
            </TabsTrigger>
          ))}
        </TabsList>
        {REVIEW_STATUSES.filter((status) => opened.has(status)).map((status) => (
          <TabsContent key={status} value={status} forceMount hidden={status !== tab}>
            <ReviewList
              status={status}
              school={schoolFilter}
              confirmation={confirmationFilter}
              reviewerId={reviewerId}
              active={status === tab}
            />
          </TabsContent>
        ))}
      </Tabs>
      <GoalStudents
        school={schoolFilter}
        behindGoal={behindGoal}
        onBehindGoalChange={setBehindGoal}
      />
      {isAdmin ? <ConfirmationSetting /> : null}
      {isAdmin ? (
        <Suspense fallback={<Spinner label="Loading reports" />}>
          <HoursReports />
        </Suspense>
      ) : null}
    </section>
  );
}
