import '../../goals.css';
import { Card, CardContent, CardHeader, CardTitle, Spinner } from '@district/ui';
import { lazy, Suspense } from 'react';
import { errorText, formatHours, formatHoursDate } from '../../shared/format';
import { GoalBar } from '../../shared/goal-bar';
import { useMyProgress } from '../../shared/goals-api';
import { StatCard, StatGrid } from '../../shared/stat-card';

// chart.js comes in its own chunk, fetched only when this panel renders.
const ApprovedHoursChart = lazy(() => import('./approved-hours-chart'));

const days = (n: number) => `${n} ${Math.abs(n) === 1 ? 'day' : 'days'}`;

// Issue 19: the student's progress toward their grade's goal and approved hours per month.
export function GoalProgress() {
  const progress = useMyProgress();
  if (progress.isError)
    return (
      <p role="alert" className="hours-inline-error">
        Your progress could not be loaded: {errorText(progress.error)}
      </p>
    );
  if (!progress.data) return <Spinner label="Loading your progress" />;
  const p = progress.data;
  return (
    <Card className="goal-progress" role="region" aria-labelledby="goal-progress-title">
      <CardHeader>
        <CardTitle as="h2" id="goal-progress-title">
          Goal Progress
        </CardTitle>
      </CardHeader>
      <CardContent className="goal-progress__body">
        {p.goal ? (
          <>
            <p className="goal-progress__summary">
              {formatHours(p.approvedHours)} of {formatHours(p.goal.hours)} hours approved · due{' '}
              {formatHoursDate(p.goal.dueDate)}
            </p>
            <GoalBar
              approved={p.approvedHours}
              goal={p.goal.hours}
              label="Progress toward your goal"
            />
            <StatGrid>
              <StatCard
                label="Approved"
                value={formatHours(p.approvedHours)}
                hint="hours approved"
              />
              <StatCard
                label="Pending"
                value={formatHours(p.pendingHours)}
                hint="hours awaiting review"
              />
              <StatCard
                label="Hours Left"
                value={formatHours(p.hoursLeft ?? 0)}
                hint={p.hoursLeft === 0 ? 'goal met' : 'hours still needed'}
              />
              <StatCard
                label="Days Left"
                value={Math.max(0, p.daysLeft ?? 0)}
                hint={
                  (p.daysLeft ?? 0) < 0
                    ? `due date passed ${days(-(p.daysLeft ?? 0))} ago`
                    : 'until the due date'
                }
              />
            </StatGrid>
          </>
        ) : (
          <p className="goal-progress__summary">
            No hour goal is set for your grade yet. {formatHours(p.approvedHours)} hours approved so
            far.
          </p>
        )}
        <h3 className="goal-progress__chart-title">Approved Hours by Month</h3>
        {p.months.length > 0 ? (
          <Suspense fallback={<Spinner label="Loading the chart" />}>
            <ApprovedHoursChart months={p.months} />
          </Suspense>
        ) : (
          <p className="hours-stat__hint">Approved hours appear here month by month.</p>
        )}
      </CardContent>
    </Card>
  );
}
