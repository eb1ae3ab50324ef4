import '../../goals.css';
import { Button, EmptyState, formatNumber, Spinner, useT, SectionCard } from '@district/ui';
import { useId, useState } from 'react';
import { errorText, formatHours } from '../../shared/format';
import { FiguresTable } from '../../shared/figures-table';
import { GoalBar } from '../../shared/goal-bar';
import { useBehindGoalBySchool, useStudentProgress } from '../../shared/goals.queries';

// Between the figures of a line (punctuation, not text).
const SEPARATOR = ' · ';

// Issue 19: each student's progress toward their goal, the "Behind goal" filter, and the
// count of students behind goal per school one click away.
export function GoalStudents({
  school,
  behindGoal,
  onBehindGoalChange,
}: {
  school: string | undefined;
  behindGoal: boolean;
  onBehindGoalChange: (value: boolean) => void;
}) {
  const { t } = useT();
  const [showCounts, setShowCounts] = useState(false);
  const students = useStudentProgress(school, behindGoal);
  const filterId = useId();
  return (
    <SectionCard
      titleId="goal-students-title"
      title={t('hours.students.title')}
      className="goal-students"
      headerClassName="goal-students__header"
      header={
        <>
          <div className="goal-students__controls">
            <label className="goal-students__filter" htmlFor={filterId}>
              <input
                id={filterId}
                type="checkbox"
                checked={behindGoal}
                onChange={(e) => onBehindGoalChange(e.target.checked)}
              />
              {t('hours.students.behindGoal')}
            </label>
            <Button
              variant="outline"
              size="sm"
              aria-expanded={showCounts}
              aria-controls="behind-goal-by-school"
              onClick={() => setShowCounts((v) => !v)}
            >
              {showCounts ? t('hours.students.hideCounts') : t('hours.students.showCounts')}
            </Button>
          </div>
        </>
      }
    >
      {showCounts ? <BehindGoalBySchool /> : null}
      {students.isError ? (
        <p role="alert" className="hours-inline-error">
          {t('hours.students.loadFailed', { error: errorText(students.error) })}
        </p>
      ) : !students.data ? (
        <Spinner label={t('hours.students.loading')} />
      ) : students.data.length === 0 ? (
        <EmptyState
          title={behindGoal ? t('hours.students.noneBehind') : t('hours.students.none')}
          description={t('hours.students.emptyText')}
        />
      ) : (
        <ul className="goal-students__list" aria-label={t('hours.students.list')}>
          {students.data.map((s) => (
            <li
              key={s.userId}
              className="goal-student"
              data-testid="goal-student"
              data-behind={s.behind}
            >
              <div className="goal-student__head">
                <span className="goal-student__name">{s.name}</span>
                <span className="goal-student__meta">
                  {s.school}
                  {s.grade !== null ? ` · ${t('hours.grade', { grade: s.grade })}` : ''}
                </span>
              </div>
              {s.goal ? (
                <>
                  <GoalBar
                    approved={s.approvedHours}
                    goal={s.goal.hours}
                    label={t('hours.students.barLabel', { name: s.name })}
                  />
                  <p className="goal-student__numbers">
                    {t('hours.goal.ofHours', {
                      approved: formatHours(s.approvedHours),
                      goal: formatHours(s.goal.hours),
                    })}
                    {s.pendingHours > 0
                      ? ` · ${t('hours.students.pending', { hours: formatHours(s.pendingHours) })}`
                      : ''}
                    {SEPARATOR}
                    {s.behind
                      ? t('hours.students.toGo', { hours: formatHours(s.hoursLeft ?? 0) })
                      : t('hours.progress.goalMet')}
                  </p>
                </>
              ) : (
                <p className="goal-student__numbers">
                  {t('hours.students.noGoal', { approved: formatHours(s.approvedHours) })}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

function BehindGoalBySchool() {
  const { t } = useT();
  const counts = useBehindGoalBySchool(true);
  return (
    <div id="behind-goal-by-school" className="goal-counts">
      {counts.isError ? (
        <p role="alert" className="hours-inline-error">
          {t('hours.counts.loadFailed', { error: errorText(counts.error) })}
        </p>
      ) : !counts.data ? (
        <Spinner label={t('hours.counts.loading')} />
      ) : (
        <FiguresTable
          caption={t('hours.counts.caption')}
          headings={[
            t('hours.column.school'),
            t('hours.students.behindGoal'),
            t('hours.column.studentsWithGoal'),
          ]}
          rows={counts.data.map((row) => ({
            key: row.school,
            cells: [row.school, formatNumber(row.behind), formatNumber(row.students)],
          }))}
          rowHeaders
        />
      )}
    </div>
  );
}
