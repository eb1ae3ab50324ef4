import '../../goals.css';
import {
  Button,
  EmptyState,
  Field,
  formatNumber,
  Input,
  SectionCard,
  Spinner,
  useT,
} from '@district/ui';
import { useEffect, useId, useState } from 'react';
import { errorText, formatHours } from '../../shared/format';
import { FiguresTable } from '../../shared/figures-table';
import { GoalBar } from '../../shared/goal-bar';
import {
  STUDENTS_PAGE_SIZE,
  useBehindGoalBySchool,
  useStudentProgress,
} from '../../shared/goals.queries';

// Between the figures of a line (punctuation, not text).
const SEPARATOR = ' · ';
// Typing pauses this long before the server is asked.
const SEARCH_DELAY_MS = 250;

// Issue 19: each student's progress toward their goal, the "Behind goal" filter, and the
// count of students behind goal per school one click away. Issue 33: a page of 25 at a time,
// searched by name on the server (thousands of students made a phone page 15,000 px tall).
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
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(search.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);
  // Another filter or search starts again at page 1.
  const filters = `${school ?? ''}|${behindGoal}|${q}`;
  const [paging, setPaging] = useState({ filters, page: 1 });
  const page = paging.filters === filters ? paging.page : 1;
  const students = useStudentProgress({ school, behindGoal, q, page });
  const filterId = useId();
  const data = students.data;
  return (
    <SectionCard
      titleId="goal-students-title"
      title={t('hours.students.title')}
      className="goal-students"
      headerClassName="goal-students__header"
      header={
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
      }
    >
      {showCounts ? <BehindGoalBySchool /> : null}
      <Field label={t('hours.students.search')} className="goal-students__search">
        <Input type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
      </Field>
      {students.isError ? (
        <p role="alert" className="hours-inline-error">
          {t('hours.students.loadFailed', { error: errorText(students.error) })}
        </p>
      ) : !data ? (
        <Spinner label={t('hours.students.loading')} />
      ) : data.items.length === 0 ? (
        q !== '' ? (
          <EmptyState title={t('hours.students.noMatch', { query: q })} />
        ) : (
          <EmptyState
            title={behindGoal ? t('hours.students.noneBehind') : t('hours.students.none')}
            description={t('hours.students.emptyText')}
          />
        )
      ) : (
        <>
          <p className="goal-students__range" aria-live="polite">
            {t('hours.students.range', {
              from: formatNumber((data.page - 1) * data.pageSize + 1),
              to: formatNumber((data.page - 1) * data.pageSize + data.items.length),
              total: formatNumber(data.total),
            })}
          </p>
          <ul className="goal-students__list" aria-label={t('hours.students.list')}>
            {data.items.map((s) => (
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
          {data.total > STUDENTS_PAGE_SIZE ? (
            <nav className="goal-students__pager" aria-label={t('hours.students.pages')}>
              <Button
                variant="outline"
                size="sm"
                disabled={page <= 1 || students.isFetching}
                onClick={() => setPaging({ filters, page: page - 1 })}
              >
                {t('hours.students.previous')}
              </Button>
              <Button
                variant="outline"
                size="sm"
                disabled={page * STUDENTS_PAGE_SIZE >= data.total || students.isFetching}
                onClick={() => setPaging({ filters, page: page + 1 })}
              >
                {t('hours.students.next')}
              </Button>
            </nav>
          ) : null}
        </>
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
