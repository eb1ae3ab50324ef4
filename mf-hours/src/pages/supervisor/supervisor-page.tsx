import {
  REVIEW_STATUSES,
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
  useAuth,
  useT,
  type SelectOption,
} from '@district/ui';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { errorText, formatHours } from '../../shared/format';
import { prefetchReviewList, useHoursSummary } from '../../shared/hours.queries';
import { StatCard, StatGrid } from '../../shared/stat-card';
import { exportCsvUrl } from '../../shared/goals.queries';
import { ConfirmationSetting } from './confirmation-setting';
import { GoalStudents } from './goal-students';
import { ReviewList } from './review-list';
import '../../mf-hours.css';

const ALL_SCHOOLS = 'all';

// Admins only: its own chunk, never fetched for supervisors.
const HoursReports = lazy(() => import('./hours-reports'));
const HourGoalsEditor = lazy(() => import('./hour-goals-editor'));

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

// Catalogue keys: "Pending (3)".
const TAB_LABELS: Record<ReviewStatus, string> = {
  pending: 'hours.tab.pending',
  approved: 'hours.tab.approved',
  rejected: 'hours.tab.rejected',
};

// Issue 19: the organisation's answer to the confirmation e-mail (the list's ?confirmation=).
const ANY_CONFIRMATION = 'any';
const CONFIRMATION_OPTIONS: ReadonlyArray<{ value: string; key: string }> = [
  { value: ANY_CONFIRMATION, key: 'hours.answer.any' },
  { value: 'confirmed', key: 'hours.answer.confirmed' },
  { value: 'declined', key: 'hours.answer.declined' },
  { value: 'pending', key: 'hours.answer.pending' },
  { value: 'none', key: 'hours.answer.none' },
];

// SPEC §2 "/supervisor": supervisors and admins review every school's hours.
export function SupervisorPage() {
  const { user, isLoading } = useAuth();
  const { t, m } = useT();
  if (isLoading) return <Spinner page label={t('hours.loading')} />;
  if (!user || !(user.isSupervisor || user.isAdmin)) {
    return (
      <Card role="alert">
        <CardHeader>
          <CardTitle as="h1">{m.screen.accessDeniedTitle}</CardTitle>
          <CardDescription>{m.screen.accessDeniedText}</CardDescription>
        </CardHeader>
      </Card>
    );
  }
  return <Review reviewerId={user.id} isAdmin={user.isAdmin} />;
}

function Review({ reviewerId, isAdmin }: { reviewerId: number; isAdmin: boolean }) {
  const { t, m } = useT();
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
      { value: ALL_SCHOOLS, label: m.screen.allSchools },
      ...(summary.data?.schools ?? []).map((name) => ({ value: name, label: name })),
    ],
    [summary.data?.schools, m],
  );
  const confirmationOptions = useMemo<SelectOption[]>(
    () => CONFIRMATION_OPTIONS.map(({ value, key }) => ({ value, label: t(key) })),
    [t],
  );

  const value = (n: number | undefined) => (n === undefined ? '…' : formatHours(n));

  return (
    <section className="area" aria-labelledby="supervisor-title">
      <PageHeader
        titleId="supervisor-title"
        title={t('hours.supervisor.title')}
        description={t('hours.supervisor.description')}
        actions={
          <div className="hours-export">
            <Field label={t('hours.column.school')} className="hours-school-filter">
              <Select options={schoolOptions} value={school} onValueChange={chooseSchool} />
            </Field>
            <Field label={t('hours.supervisor.answer')} className="hours-school-filter">
              <Select
                options={confirmationOptions}
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
              {t('hours.supervisor.export')}
            </a>
          </div>
        }
      />
      {summary.isError ? (
        <p role="alert" className="hours-inline-error">
          {t('hours.supervisor.totalsFailed', { error: errorText(summary.error) })}
        </p>
      ) : null}
      <StatGrid>
        <StatCard
          label={t('hours.page.pendingApproval')}
          value={value(stats?.pending)}
          hint={t('hours.supervisor.pendingHint')}
        />
        <StatCard
          label={t('hours.supervisor.hoursApproved')}
          value={value(stats?.approvedHours)}
          hint={t('hours.progress.approvedHint')}
        />
        <StatCard
          label={t('hours.supervisor.activeStudents')}
          value={value(stats?.activeStudents)}
          hint={t('hours.supervisor.activeStudentsHint')}
        />
        <StatCard
          label={t('hours.page.totalEntries')}
          value={value(stats?.total)}
          hint={t('hours.page.totalEntriesHint')}
        />
      </StatGrid>
      <Tabs value={tab} onValueChange={openTab} className="hours-tabs">
        <Tabs.List aria-label={t('hours.supervisor.tabs')}>
          {REVIEW_STATUSES.map((status) => (
            <Tabs.Trigger key={status} value={status}>
              {t(TAB_LABELS[status], { count: stats ? formatHours(stats[status]) : '…' })}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {REVIEW_STATUSES.filter((status) => opened.has(status)).map((status) => (
          <Tabs.Content key={status} value={status} forceMount hidden={status !== tab}>
            <ReviewList
              status={status}
              school={schoolFilter}
              confirmation={confirmationFilter}
              reviewerId={reviewerId}
              active={status === tab}
            />
          </Tabs.Content>
        ))}
      </Tabs>
      <GoalStudents
        school={schoolFilter}
        behindGoal={behindGoal}
        onBehindGoalChange={setBehindGoal}
      />
      {isAdmin ? (
        <Suspense fallback={<Spinner label={t('hours.goals.loading')} />}>
          <HourGoalsEditor />
        </Suspense>
      ) : null}
      {isAdmin ? <ConfirmationSetting /> : null}
      {isAdmin ? (
        <Suspense fallback={<Spinner label={t('hours.reports.loading')} />}>
          <HoursReports />
        </Suspense>
      ) : null}
    </section>
  );
}
