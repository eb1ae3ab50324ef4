import '../../goals.css';
import { formatNumber, SectionCard, Spinner, useT } from '@district/ui';
import { lazy, Suspense } from 'react';
import { errorText, formatHours, formatHoursDate } from '../../shared/format';
import { GoalBar } from '../../shared/goal-bar';
import { useMyProgress } from '../../shared/goals.queries';
import { StatCard, StatGrid } from '../../shared/stat-card';

// chart.js comes in its own chunk, fetched only when this panel renders.
const ApprovedHoursChart = lazy(() => import('./approved-hours-chart'));

// Issue 19: the student's progress toward their grade's goal and approved hours per month.
export function GoalProgress() {
  const { t } = useT();
  const progress = useMyProgress();
  if (progress.isError)
    return (
      <p role="alert" className="hours-inline-error">
        {t('hours.progress.loadFailed', { error: errorText(progress.error) })}
      </p>
    );
  if (!progress.data) return <Spinner label={t('hours.progress.loading')} />;
  const p = progress.data;
  const daysLeft = p.daysLeft ?? 0;
  return (
    <SectionCard
      titleId="goal-progress-title"
      title={t('hours.progress.title')}
      className="goal-progress"
      contentClassName="goal-progress__body"
    >
      {p.goal ? (
        <>
          <p className="goal-progress__summary">
            {t('hours.progress.summary', {
              approved: formatHours(p.approvedHours),
              goal: formatHours(p.goal.hours),
              due: formatHoursDate(p.goal.dueDate),
            })}
          </p>
          <GoalBar
            approved={p.approvedHours}
            goal={p.goal.hours}
            label={t('hours.progress.barLabel')}
          />
          <StatGrid>
            {/* Approved and pending hours are the page's own stat cards above: not twice. */}
            <StatCard
              label={t('hours.progress.hoursLeft')}
              value={formatHours(p.hoursLeft ?? 0)}
              hint={
                p.hoursLeft === 0 ? t('hours.progress.goalMet') : t('hours.progress.hoursLeftHint')
              }
            />
            <StatCard
              label={t('hours.progress.daysLeft')}
              value={formatNumber(Math.max(0, daysLeft))}
              hint={
                daysLeft < 0
                  ? t('hours.progress.duePassed', { count: -daysLeft })
                  : t('hours.progress.daysLeftHint')
              }
            />
          </StatGrid>
        </>
      ) : (
        <p className="goal-progress__summary">
          {t('hours.progress.noGoal', { approved: formatHours(p.approvedHours) })}
        </p>
      )}
      <h3 className="goal-progress__chart-title">{t('hours.progress.chartTitle')}</h3>
      {p.months.length > 0 ? (
        <Suspense fallback={<Spinner label={t('hours.progress.loadingChart')} />}>
          <ApprovedHoursChart months={p.months} />
        </Suspense>
      ) : (
        <p className="hours-stat__hint">{t('hours.progress.chartEmpty')}</p>
      )}
    </SectionCard>
  );
}
